import { kmPerDegreeLongitude, type ScheduledStorm } from '../features/sources';
import type { Services } from '../services';
import { DEMO_STORM_SITE, demoEmail, demoSite } from './demo-data';

const MINUTE_MS = 60_000;
/**
 * Born this long before the demo data was written: it has passed an hour and a quarter before,
 * so the hourly fields of most of its rain are already published (an hour after each hour, D3)
 * and its storm event opens within minutes, while its rain is still news for alerts (3 hours).
 */
const BORN_BEFORE_SEEDING_MS = 150 * MINUTE_MS;
const LIFE_MINUTES = 75;
/** It comes from the west at a walking pace, its core passing over the site. */
const START_WEST_KM = 6;
const EAST_KM_PER_HOUR = 8;

/**
 * A thunderstorm over Gulf Coast Builders' Houston site (gold) in the hours before the demo data
 * was written: about 1.5 in, its heaviest quarter hours over the 0.25 in RapidRain threshold, its
 * total over the 0.5 in 24-hour threshold and the 0.25 in permit threshold. Rain of the last
 * three hours is news, so a fresh install's first alerts reach the mail viewer a minute or two
 * after start, and its storm event is open at Houston.
 */
export function demoStorm(seededAt: Date): ScheduledStorm {
  const { latitude, longitude } = demoSite(DEMO_STORM_SITE.account, DEMO_STORM_SITE.city);
  return {
    bornAt: new Date(seededAt.getTime() - BORN_BEFORE_SEEDING_MS),
    minutes: LIFE_MINUTES,
    latitude,
    longitude: longitude - START_WEST_KM / kmPerDegreeLongitude(latitude),
    radiusKm: 18,
    peakInchesPerHour: 2,
    eastKmPerHour: EAST_KM_PER_HOUR,
    northKmPerHour: 0,
  };
}

/**
 * Adds the demo storm to the simulated weather of an installation holding the demo data, at
 * every start, so that restarts and Pass 2 see the same storm. Real data sources have none.
 */
export async function scheduleDemoStorm(services: Pick<Services, 'sources' | 'users'>): Promise<void> {
  if (!services.sources.scheduleStorm) return;
  const admin = await services.users.findByEmail(demoEmail('admin'));
  if (admin) services.sources.scheduleStorm(demoStorm(admin.createdAt));
}

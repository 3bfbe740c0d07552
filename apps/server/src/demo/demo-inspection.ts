import type { StormEventView } from '@pluvio/shared/storm-events-api';
import type { AccountAccess } from '../core/access';
import type { JobDefinition } from '../core/jobs/queue';
import type { Services } from '../services';
import { CONTACTS_DEMO_ACCOUNT, demoEmail, demoSite } from './demo-data';
import { type DemoPhotoFile, demoSitePhoto } from './demo-photo';

export const INSPECT_DEMO_EVENT = 'demo.inspect-event';

const HOUR_MS = 3_600_000;
/** The inspector came this long after the storm ended: within any permit's deadline. */
const INSPECTED_AFTER_END_MS = 5 * HOUR_MS;
/** Events this many, newest first, are enough to find the demo's oldest one. */
const EVENTS_LOOKED_AT = 250;

type DemoServices = Pick<Services, 'users' | 'accounts' | 'stormEvents' | 'inspections' | 'config'>;

/** The oldest ended event at the contact's locations, once the detection has searched their history. */
function oldestEnded(events: readonly StormEventView[]): StormEventView | undefined {
  return events.filter((event) => event.ended_at !== null && event.status !== 'removed').at(-1);
}

/**
 * The demo's finished inspection (issue 28 point 8): once the storm detection has found the
 * demo locations' past events, `contact@` has inspected the oldest one at their sites, with
 * BMPs, findings and a completed corrective action. Answers whether there is nothing left to do
 * (done before, or not a demo installation).
 */
export async function inspectDemoEvent(services: DemoServices): Promise<boolean> {
  const contact = await services.users.findByEmail(demoEmail('contact'));
  if (!contact?.primaryClientId) return true;
  const access = await services.accounts.accessFor(contact, contact.primaryClientId);
  const { items } = await services.stormEvents.list(access, { page: 1, page_size: EVENTS_LOOKED_AT });
  const event = oldestEnded(items);
  if (!event) return false;
  if (event.status === 'inspected') return true;
  const inspectedAt = new Date(new Date(event.ended_at as string).getTime() + INSPECTED_AFTER_END_MS);
  const photo = await demoSitePhoto(
    inspectedAt,
    demoSite(CONTACTS_DEMO_ACCOUNT, event.location_name),
    services.config.TIME_ZONE,
  );
  try {
    await recordInspection(services, access, event.id, inspectedAt, photo);
  } finally {
    await photo.discard();
  }
  return true;
}

async function recordInspection(
  services: DemoServices,
  access: AccountAccess,
  eventId: number,
  inspectedAt: Date,
  photo: DemoPhotoFile,
) {
  await services.inspections.record(
    access,
    { actorUserId: access.user.id, asUserId: null, ip: '127.0.0.1' },
    eventId,
    {
      inspected_at: inspectedAt.toISOString(),
      bmps: ['Silt fence', 'Inlet protection', 'Stabilized construction entrance'],
      findings: 'Sediment built up behind the silt fence along the east edge; inlet protection intact.',
      notes: 'Site walked with the superintendent.',
      corrective_actions: [
        { description: 'Remove the sediment behind the east silt fence and re-stake it', completed: true },
      ],
    },
    [{ fileName: photo.fileName, file: photo.file }],
  );
}

/** Every minute until the demo's inspection is recorded (a fresh install's detection takes a minute or two). */
export function demoJobs(services: DemoServices): JobDefinition[] {
  let finished = false;
  return [
    {
      name: INSPECT_DEMO_EVENT,
      cron: '* * * * *',
      handler: async () => {
        if (!finished) finished = await inspectDemoEvent(services);
      },
    },
  ];
}

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitsService } from './rate-limits.service';

/**
 * A store for @fastify/rate-limit that keeps its counts in the database, so every API process
 * shares them. Each route counts apart, under its URL, as the plugin's memory store does.
 */
export function sharedRateLimitStore(rateLimits: RateLimitsService): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly bucket = 'requests',
    ) {}

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      rateLimits.count(this.bucket, key, timeWindow).then(
        (counted) => callback(null, { current: counted.hits, ttl: counted.msLeft }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin hands over the route's settings with `routeInfo` (its README, "Custom store").
      const { routeInfo } = routeOptions as { routeInfo?: { url?: string } };
      return new SharedRateLimitStore(null, routeInfo?.url ?? this.bucket);
    }
  }
  return SharedRateLimitStore;
}

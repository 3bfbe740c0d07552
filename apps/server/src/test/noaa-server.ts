import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { whenPresent } from './when-present';

/**
 * A stand-in for NOAA's services on 127.0.0.1 (a random port), serving the real sample files of
 * `../shared/fixtures/` (beside the repository) in the services' own URL layouts, and the
 * troubles real services have: slow, missing, truncated and failing answers. The address search
 * tests use it as the Census geocoder, with answers of their own.
 */

/** `../shared/fixtures` beside the repository; tests that need it skip when it is absent. */
export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../../../../../shared/fixtures');
const FIXTURES_MISSING = !existsSync(FIXTURES_DIR);
const FIXTURES_SKIP_REASON = `the NOAA sample files are not at ${FIXTURES_DIR} (see the fixtures README)`;
/** `describe` and `it` for the tests that read the NOAA sample files. */
export const withNoaaFixtures = whenPresent(!FIXTURES_MISSING, FIXTURES_SKIP_REASON);

export const fixture = (relative: string) => readFileSync(path.join(FIXTURES_DIR, relative));

export interface FakeAnswer {
  status?: number;
  body?: string | Buffer;
  contentType?: string;
  /** Wait this long before answering (longer than the client's time limit: a time-out). */
  delayMs?: number;
  /** Send half of the body under a Content-Length of the whole, then cut the connection. */
  truncated?: boolean;
}

/** Answers a request by its path and query; undefined is a 404. */
export type Route = (url: URL, request: IncomingMessage) => FakeAnswer | undefined;

export interface NoaaServer {
  url: string;
  /** Every request's path and query, in order. */
  requests: string[];
  /** The User-Agent of every request. */
  userAgents: (string | undefined)[];
  close: () => Promise<void>;
}

export async function startNoaaServer(route: Route): Promise<NoaaServer> {
  const requests: string[] = [];
  const userAgents: (string | undefined)[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    userAgents.push(request.headers['user-agent']);
    const answer = route(url, request) ?? { status: 404, body: 'Not Found' };
    const body = Buffer.from(answer.body ?? '');
    const send = () => {
      timers.delete(timer);
      response.writeHead(answer.status ?? 200, {
        'content-type': answer.contentType ?? 'text/plain',
        'content-length': body.length,
      });
      if (!answer.truncated) return response.end(body);
      response.write(body.subarray(0, Math.floor(body.length / 2)));
      response.destroy();
    };
    const timer = setTimeout(send, answer.delayMs ?? 0);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    userAgents,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

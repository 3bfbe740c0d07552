import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { SourceError } from '../../../core/lib/fetch-with-retry';
import { fixture, type Route, startNoaaServer, withNoaaFixtures } from '../../../test/noaa-server';
import { createPfdsFrequencySource, parsePfdsCsv } from './pfds';

const PEACHTREE_CITY = 'atlas14/pfds_peachtree_city_ga_depth_english_pds.csv';
/** NOAA's 60-min and 24-hr rows at Peachtree City, Georgia (the sample file). */
const PEACHTREE_DEPTHS = {
  '1h': [1.36, 1.57, 1.92, 2.23, 2.67, 3.03, 3.4, 3.8, 4.34, 4.77],
  '24h': [3.37, 3.84, 4.66, 5.38, 6.44, 7.31, 8.22, 9.2, 10.6, 11.6],
};
/** What PFDS answers (HTTP 200) for a point in Oregon or Washington. */
export const OUTSIDE_ATLAS14_ANSWER =
  'Point precipitation frequency estimates (inches)\nError 3.0: Selected location is not within a project area.\n';

/** A spreadsheet's re-save: trailing commas, labels without colons, every cell quoted. */
function spreadsheetResave(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line.trim() === ''
        ? line
        : `${line
            .replace(/:,/, ',')
            .split(',')
            .map((cell) => `"${cell.trim()}"`)
            .join(',')},,`,
    )
    .join('\r\n');
}

withNoaaFixtures.describe('NOAA PFDS answers', () => {
  const sample = () => fixture(PEACHTREE_CITY).toString('utf8');

  it('reads the 60-minute and 24-hour depths for the ten recurrence intervals', () => {
    expect(parsePfdsCsv(sample())).toEqual(PEACHTREE_DEPTHS);
  });

  it('reads the variants: a degree sign in the header lines, and spreadsheet re-saves', () => {
    const degrees = sample().replace('Latitude: 33.3966 Degree', 'Latitude: 33.3966°');
    expect(parsePfdsCsv(degrees)).toEqual(PEACHTREE_DEPTHS);
    expect(parsePfdsCsv(spreadsheetResave(sample()))).toEqual(PEACHTREE_DEPTHS);
  });

  it('answers "no Atlas 14 here" for a point outside every project area', () => {
    expect(parsePfdsCsv(OUTSIDE_ATLAS14_ANSWER)).toBeNull();
  });

  it('refuses answers cut short or without the rows it needs, rather than storing wrong depths', () => {
    const text = sample();
    expect(() => parsePfdsCsv(text.slice(0, text.indexOf('24-hr')))).toThrow(/no 24-hr row/);
    expect(() => parsePfdsCsv(text.replace(/^60-min:.*$/m, '60-min:, 1.36,1.57'))).toThrow(/60-min/);
    expect(() => parsePfdsCsv('<html>Service Unavailable</html>')).toThrow(SourceError);
  });
});

withNoaaFixtures.describe('the PFDS frequency source against a local PFDS', () => {
  let route: Route = () => undefined;
  let server: Awaited<ReturnType<typeof startNoaaServer>>;
  // Long enough for a loaded machine, short of the slow answers (5 s).
  const retry = { timeoutMs: 1_500, attempts: 3, backoffMs: 10 };
  const source = () =>
    createPfdsFrequencySource({
      baseUrl: `${server.url}/cgi-bin/new/fe_text_mean.csv`,
      userAgent: 'Pluvio (support@example.com)',
      retry,
    });
  const csv = () => ({ body: fixture(PEACHTREE_CITY), contentType: 'text/csv' });
  const peachtree = { latitude: 33.3966, longitude: -84.59 };

  beforeAll(async () => {
    server = await startNoaaServer((url, request) => route(url, request));
  });
  afterEach(() => {
    server.requests.length = 0;
    server.userAgents.length = 0;
  });
  afterAll(() => server.close());

  it("asks NOAA's CSV endpoint for depths in inches, partial duration series, naming itself", async () => {
    route = (url) => (url.pathname === '/cgi-bin/new/fe_text_mean.csv' ? csv() : undefined);
    expect(await source().depthsAt(peachtree)).toEqual(PEACHTREE_DEPTHS);
    expect(server.requests).toEqual([
      '/cgi-bin/new/fe_text_mean.csv?lat=33.3966&lon=-84.5900&data=depth&units=english&series=pds',
    ]);
    expect(server.userAgents).toEqual(['Pluvio (support@example.com)']);
  });

  it('answers null, not a failure, in Oregon', async () => {
    route = () => ({ body: OUTSIDE_ATLAS14_ANSWER });
    expect(await source().depthsAt({ latitude: 44.05, longitude: -123.09 })).toBeNull();
  });

  it('tries again after 500 and 503 answers, a time-out and a cut connection', async () => {
    const troubles = [{ status: 500 }, { status: 503 }];
    route = () => troubles.shift() ?? csv();
    expect(await source().depthsAt(peachtree)).toEqual(PEACHTREE_DEPTHS);
    expect(server.requests).toHaveLength(3);

    const slowThenCut = [
      { ...csv(), delayMs: 5_000 },
      { ...csv(), truncated: true },
    ];
    route = () => slowThenCut.shift() ?? csv();
    expect(await source().depthsAt(peachtree)).toEqual(PEACHTREE_DEPTHS);
  });

  it('gives up after three attempts with a message that says what went wrong', async () => {
    route = () => ({ status: 503, body: 'Service Unavailable' });
    await expect(source().depthsAt(peachtree)).rejects.toThrow(
      /NOAA PFDS answered 503 .*fe_text_mean\.csv.*, 3 attempts/,
    );
    route = () => ({ ...csv(), delayMs: 5_000 });
    await expect(source().depthsAt(peachtree)).rejects.toThrow(/NOAA PFDS did not answer in time/);
  });

  it('fails at once on a missing page', async () => {
    route = () => undefined;
    await expect(source().depthsAt(peachtree)).rejects.toThrow(/NOAA PFDS answered 404/);
    expect(server.requests).toHaveLength(1);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { censusAnswer } from '../../apps/server/src/test/census-geocoder';

/**
 * A stand-in for the US Census Bureau's geocoder on this machine: `/geocoder/locations/onelineaddress`
 * answers in its JSON shape, with two matches for any address naming Bagby St and none otherwise.
 */
export const CENSUS_MATCHES = [
  { matchedAddress: '901 BAGBY ST, HOUSTON, TX, 77002', coordinates: { x: -95.36980342, y: 29.76042713 } },
  { matchedAddress: '901 BAGBY ST, BAYTOWN, TX, 77520', coordinates: { x: -94.97714, y: 29.73517 } },
];

const answerFor = (address: string) => censusAnswer(address, /bagby/i.test(address) ? CENSUS_MATCHES : []);

/** Starts the stand-in on a free port; answers its base URL (GEOCODER_URL) and how to stop it. */
export async function startFakeCensus(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/geocoder/locations/onelineaddress') {
      response.writeHead(404, { 'content-type': 'application/json' });
      return response.end('{"errors":["Not found"],"status":"404"}');
    }
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(JSON.stringify(answerFor(url.searchParams.get('address') ?? '')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/geocoder`, server };
}

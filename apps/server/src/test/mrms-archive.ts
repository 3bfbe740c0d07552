import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * MRMS files laid out as NOAA publishes them, for the MRMS source's tests: a temporary folder in
 * the bucket's layout (`CONUS/<Product>_00.00/<YYYYMMDD>/<file>`), and a server on 127.0.0.1
 * answering for it as the bucket does (S3 ListObjectsV2) and as the NCEP server does (directory
 * pages under /data/2D/<Product>/), with faults on request.
 */

/** A folder in the bucket's layout holding copies of `files` (real or made), and its removal. */
export function bucketFolder(files: { name: string; bytes?: Uint8Array; from?: string }[]) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pluvio-mrms-'));
  for (const file of files) {
    const [, product, day] = /^MRMS_(.+_00\.00)_(\d{8})-/.exec(file.name) ?? [];
    if (!product || !day) throw new Error(`not an MRMS file name: ${file.name}`);
    const folder = path.join(root, 'CONUS', product, day);
    mkdirSync(folder, { recursive: true });
    if (file.from) copyFileSync(file.from, path.join(folder, file.name));
    else writeFileSync(path.join(folder, file.name), file.bytes ?? new Uint8Array());
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Every key under the folder, bucket style (`CONUS/...`), sorted. */
function keysOf(root: string): string[] {
  return (
    readdirSync(root, { recursive: true, withFileTypes: true }) as {
      parentPath: string;
      name: string;
      isFile(): boolean;
    }[]
  )
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export type Fault = 'slow' | 'error' | 'cut' | 'missing';

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A ListObjectsV2 answer, `pageSize` keys a page, continuing with the next key as the token. */
function bucketListing(keys: string[], prefix: string, token: string | null, pageSize: number): string {
  const matching = keys.filter((key) => key.startsWith(prefix));
  const from = token ? matching.indexOf(token) : 0;
  const page = matching.slice(Math.max(from, 0), Math.max(from, 0) + pageSize);
  const next = matching[Math.max(from, 0) + pageSize];
  return `<?xml version="1.0" encoding="UTF-8"?>
<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>noaa-mrms-pds</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${next ? 'true' : 'false'}</IsTruncated>${page
    .map(
      (key) =>
        `<Contents><Key>${escapeXml(key)}</Key><Size>1</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join(
      '',
    )}${next ? `<NextContinuationToken>${escapeXml(next)}</NextContinuationToken>` : ''}</ListBucketResult>`;
}

/** An Apache-style index page as mrms.ncep.noaa.gov serves it. */
function ncepIndex(product: string, names: string[]): string {
  const rows = names
    .map(
      (name) =>
        `<tr><td><a href="${name}">${name}</a></td><td align="right">02-Jun-2022 12:01  </td><td align="right">380K</td></tr>`,
    )
    .join('\n');
  return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">
<html><head><title>Index of /data/2D/${product}</title></head><body><h1>Index of /data/2D/${product}</h1>
<table><tr><th><a href="?C=N;O=D">Name</a></th><th>Last modified</th><th>Size</th></tr>
<tr><td><a href="/data/2D/">Parent Directory</a></td></tr>
${rows}
<tr><td><a href="latest/">latest/</a></td></tr>
</table></body></html>`;
}

/**
 * Serves the folder: `/bucket/` as the S3 bucket (one key a listing page, so paging is used) and
 * `/data/2D/` as the NCEP server. `faults` maps a path (or `listing` for every listing) to what
 * goes wrong there; `requests` counts the requests of each path.
 */
export async function archiveServer(root: string) {
  const faults = new Map<string, Fault>();
  const requests = new Map<string, number>();
  let slowResponses: ServerResponse[] = [];

  const sendFile = (response: ServerResponse, file: string, cut: boolean) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      return response.writeHead(404).end('NoSuchKey');
    }
    if (!cut) return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
    response.writeHead(200, { 'content-length': bytes.length });
    response.write(bytes.subarray(0, bytes.length / 2), () => response.socket?.destroy());
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const isListing = url.pathname === '/bucket/' || url.pathname.endsWith('/');
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    const fault = faults.get(url.pathname) ?? (isListing ? faults.get('listing') : undefined);
    if (fault === 'slow') return void slowResponses.push(response);
    if (fault === 'error') return void response.writeHead(500).end('Internal Server Error');
    if (fault === 'missing') return void response.writeHead(404).end('Not Found');
    const cut = fault === 'cut';
    if (url.pathname === '/bucket/') {
      const listing = bucketListing(
        keysOf(root),
        url.searchParams.get('prefix') ?? '',
        url.searchParams.get('continuation-token'),
        1,
      );
      return void response.writeHead(200, { 'content-type': 'application/xml' }).end(listing);
    }
    if (url.pathname.startsWith('/bucket/')) {
      return sendFile(
        response,
        path.join(root, decodeURIComponent(url.pathname.slice('/bucket/'.length))),
        cut,
      );
    }
    const ncep = /^\/data\/2D\/([^/]+)\/(.*)$/.exec(url.pathname);
    if (ncep) {
      const [, product, name] = ncep as unknown as [string, string, string];
      const names = keysOf(root)
        .filter((key) => key.startsWith(`CONUS/${product}_00.00/`))
        .map((key) => key.split('/').at(-1) as string);
      if (name === '') {
        if (names.length === 0) return void response.writeHead(404).end('Not Found');
        return void response.writeHead(200, { 'content-type': 'text/html' }).end(ncepIndex(product, names));
      }
      const key = keysOf(root).find((candidate) => candidate.endsWith(`/${decodeURIComponent(name)}`));
      return sendFile(response, key ? path.join(root, key) : '', cut);
    }
    response.writeHead(404).end('Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    bucketUrl: `http://127.0.0.1:${port}/bucket`,
    ncepUrl: `http://127.0.0.1:${port}/data/2D`,
    faults,
    requests,
    close: async () => {
      for (const response of slowResponses) response.destroy();
      slowResponses = [];
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

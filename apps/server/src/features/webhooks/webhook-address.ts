import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@pluvio/shared/webhooks';
import ipaddr from 'ipaddr.js';

/** Names that stand for this machine, where plain http is allowed outside production. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether an address is a public unicast one. ipaddr.js names every special range (private,
 * loopback, link-local, unique-local, carrier-grade NAT, multicast, unspecified, reserved,
 * documentation, IPv6 tunnels embedding IPv4…); only plain `unicast` is public. An IPv4-mapped
 * IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Why a URL cannot be an endpoint's, by its scheme and host alone; null when it can. */
export function urlSchemeProblem(url: URL, production: boolean): string | null {
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && !production && LOCAL_HOSTS.has(url.hostname)) return null;
  return WEBHOOK_MESSAGES.httpsOnly;
}

/**
 * Why a request may not go to this URL now: its scheme, or in production a host written as a
 * private address (a connection to an address skips the lookup that checks names).
 */
export function sendProblem(url: URL, production: boolean): string | null {
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  if (production && ipaddr.isValid(bare) && !isPublicAddress(bare)) return WEBHOOK_MESSAGES.privateAddress;
  return urlSchemeProblem(url, production);
}

/** Thrown when a host resolves to an address webhooks are never sent to. */
export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  constructor() {
    super(WEBHOOK_MESSAGES.privateAddress);
  }
}

/** The host's addresses, each of them public, or PrivateAddressError (a host with one private address is refused). */
async function publicAddresses(host: string): Promise<{ address: string; family: number }[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const found = ipaddr.isValid(bare)
    ? [{ address: bare, family: ipaddr.parse(bare).kind() === 'ipv6' ? 6 : 4 }]
    : await lookup(bare, { all: true, verbatim: true });
  if (found.length === 0 || !found.every((entry) => isPublicAddress(entry.address))) {
    throw new PrivateAddressError();
  }
  return found;
}

/** Refuses a URL whose host resolves to a private address (at creation: nothing is saved). */
export async function assertPublicHost(url: URL): Promise<void> {
  await publicAddresses(url.hostname);
}

/**
 * The `lookup` of a request in production: resolves the host, refuses it unless every address is
 * public, and connects to the address it checked, so a name that resolves elsewhere a moment later
 * (DNS rebinding) is never reached.
 */
export const publicLookup: LookupFunction = (hostname, options, callback) => {
  publicAddresses(hostname).then(
    (found) => {
      const [first] = found;
      if (options.all) callback(null, found);
      else callback(null, first?.address ?? '', first?.family ?? 4);
    },
    (error: NodeJS.ErrnoException) => callback(error, '', 4),
  );
};

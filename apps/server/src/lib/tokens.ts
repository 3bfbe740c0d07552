import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret for links and cookies. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as hashes, so a database leak gives no working link or session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

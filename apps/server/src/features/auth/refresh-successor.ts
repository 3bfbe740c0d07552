import { createHmac, hkdfSync } from 'node:crypto';

/**
 * The refresh token that follows a given one: an HMAC of it under a key derived from the
 * installation's signing secret. Every request that presents the same token within the grace
 * period gets the same successor, while the database keeps only hashes of tokens: nothing stored
 * can be handed out, and without the key a successor cannot be foreseen from its predecessor.
 */
export function createRefreshSuccessor(signingSecret: string): (token: string) => string {
  // Its own key (HKDF with a label), so these HMACs never share a key with the access tokens' HS256.
  const key = Buffer.from(hkdfSync('sha256', signingSecret, '', 'pluvio refresh token successor', 32));
  return (token) => createHmac('sha256', key).update(token).digest('base64url');
}

import type { Client } from '@pluvio/shared/clients';
import { buildAccount, buildSubscription, buildUser } from './fixtures';
import { type ExpectedRequests, jsonResponse, serveExpected } from './render';

/**
 * The owner's My Subscription page (/client-form) showing `account`: `extra` answers the requests
 * of the section under test first, and the page's other sections find nothing of theirs.
 */
export function serveOwnSubscription(extra: ExpectedRequests, account: Client = buildAccount()) {
  return serveExpected((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === `/api/clients/${account.id}`) return jsonResponse(account);
    if (url.startsWith('/api/clients/?')) return jsonResponse([account]);
    if (url.startsWith(`/api/clients/${account.id}/report-recipients`)) return jsonResponse([]);
    if (url === `/api/api-keys?client_id=${account.id}`) return jsonResponse([]);
    if (url.startsWith('/api/billing/subscription')) return jsonResponse(buildSubscription());
    if (url === '/users/me') return jsonResponse(buildUser());
    return undefined;
  });
}

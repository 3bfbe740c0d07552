import { API_KEY_MESSAGES, type ApiKey } from '@pluvio/shared/api-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerConfirmation } from '../../testing/confirm';
import { buildClient, buildUser } from '../../testing/fixtures';
import { serveOwnSubscription } from '../../testing/own-subscription';
import { jsonResponse, renderRoute } from '../../testing/render';
import { signInAs } from '../../testing/session';

const KEY = `pk_${'A'.repeat(43)}`;
const LISTED: ApiKey = {
  id: 5,
  name: 'Nightly export',
  scope: 'read',
  prefix: 'pk_AAAAAA',
  created_at: '2026-11-21T12:00:00Z',
  last_used_at: null,
};

/** The owner's subscription page with `keys` listed; `extra` answers the key requests first. */
function serve(
  keys: ApiKey[],
  extra: (url: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  return serveOwnSubscription(
    (url, init) =>
      extra(url, init) ?? (url === '/api/api-keys?client_id=10' ? jsonResponse(keys) : undefined),
  );
}

const keysSection = async () => screen.findByRole('region', { name: 'API Keys' });

describe('API keys on my subscription', () => {
  it("lists the owner's keys by prefix, never a whole key", async () => {
    signInAs(buildUser());
    serve([LISTED]);
    renderRoute('/client-form');
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('Nightly export')).toBeTruthy();
    expect(within(table).getByText('Read only')).toBeTruthy();
    expect(within(table).getByText('pk_AAAAAA…')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();
  });

  it('creates a key, shows it once with a copy button, and forgets it when closed', async () => {
    const user = userEvent.setup();
    signInAs(buildUser());
    const fetchMock = serve([], (url, init) =>
      url === '/api/api-keys?client_id=10' && init.method === 'POST'
        ? jsonResponse(
            { id: 6, name: 'Export', scope: 'read_write', key: KEY, created_at: LISTED.created_at },
            201,
          )
        : undefined,
    );
    renderRoute('/client-form');
    await user.click(within(await keysSection()).getByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    expect(within(dialog).getByText(API_KEY_MESSAGES.nameRequired)).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Export');
    await user.click(within(dialog).getByRole('radio', { name: 'Read and write' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    expect(await within(dialog).findByText(KEY)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Export', scope: 'read_write' });

    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(KEY)).toBeNull();
  });

  it('shows the server’s refusal of one key too many', async () => {
    const user = userEvent.setup();
    signInAs(buildUser());
    serve([], (url, init) =>
      init.method === 'POST' && url.startsWith('/api/api-keys')
        ? jsonResponse({ detail: API_KEY_MESSAGES.limit(20) }, 409)
        : undefined,
    );
    renderRoute('/client-form');
    await user.click(within(await keysSection()).getByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'One more');
    await user.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    expect(await within(dialog).findByText(API_KEY_MESSAGES.limit(20))).toBeTruthy();
  });

  it('revokes a key only after the owner confirms', async () => {
    const user = userEvent.setup();
    signInAs(buildUser());
    const fetchMock = serve([LISTED], (url, init) =>
      url === '/api/api-keys/5?client_id=10' && init.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    renderRoute('/client-form');
    await user.click(await screen.findByRole('button', { name: 'Revoke Nightly export' }));
    const cancelled = await answerConfirmation('Cancel');
    expect(cancelled.title).toBe('Revoke Nightly export?');
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Nightly export' }));
    await answerConfirmation('Revoke');
    await waitFor(() => expect(deletes()).toHaveLength(1));
  });

  it('is not shown to a co-owner', async () => {
    signInAs(
      buildUser({ role: 'contact', co_owner: true, clients: [buildClient({ membership: 'co_owner' })] }),
    );
    serve([]);
    renderRoute('/client-form');
    await screen.findByRole('region', { name: 'Report Recipients' });
    expect(screen.queryByRole('region', { name: 'API Keys' })).toBeNull();
  });
});

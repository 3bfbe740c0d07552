import { CONTACT_MESSAGES } from '@pluvio/shared/contacts';
import { actAsConfirmation, MESSAGES } from '@pluvio/shared/messages';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken, setAccessToken, setUser } from '../../lib/session';
import { answerConfirmation } from '../../testing/confirm';
import { buildClient, buildContact, buildUser } from '../../testing/fixtures';
import { stubMatchMedia } from '../../testing/match-media';
import { type FetchHandler, jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const OWN_URL = '/api/contacts/?client_id=10&page=1&page_size=250';
const ALL_URL = '/api/contacts/all/?a=true&page=1&page_size=250';

const contacts = [
  buildContact({ id: 1, name: 'Sam Site', email: 'sam@example.com', phone: '5125550100' }),
  buildContact({ id: 2, name: 'Pat Office', email: 'pat@example.com', phone: '713.555.0199' }),
];
const everyAccount = [
  ...contacts,
  buildContact({ id: 3, name: 'Lee Other', account_name: 'Other Co', client_id: 11 }),
];

function signIn(overrides: Partial<CurrentUser> = {}) {
  setAccessToken('token-1');
  setUser(buildUser({ clients: [buildClient({ tier: 'silver' })], ...overrides }));
}

const superuser = { role: 'admin', is_superuser: true, clients: [] };

function serve(handler: FetchHandler = () => jsonResponse({ detail: 'unexpected' }, 500)) {
  return stubFetch(
    withConfig((url, init) => {
      if (url === OWN_URL) return jsonResponse(contacts);
      if (url === ALL_URL) return jsonResponse(everyAccount);
      return handler(url, init);
    }),
  );
}

async function table() {
  return within(await screen.findByRole('table', { name: 'Contacts' }));
}

function headers(view: Awaited<ReturnType<typeof table>>) {
  return view.getAllByRole('columnheader').map((header) => header.textContent);
}

describe('Settings > Contacts', () => {
  it("lists the account's contacts and finds them by name, e-mail or phone", async () => {
    signIn();
    serve();
    renderRoute('/contact-list');
    const view = await table();
    expect(headers(view)).toEqual(['Contact', 'Email', 'Phone', 'Actions']);
    expect(view.getByText('713-555-0199')).toBeTruthy();
    expect(view.queryByRole('button', { name: /^Act as/ })).toBeNull();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    for (const [text, shown] of [
      ['PAT', 'Pat Office'],
      ['sam@', 'Sam Site'],
      ['7135550199', 'Pat Office'],
    ] as const) {
      await userEvent.clear(search);
      await userEvent.paste(text);
      expect(
        view
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[0]?.textContent),
      ).toEqual([shown]);
    }
    expect(screen.getByRole('button', { name: 'Add Contact' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Contacts CSV' })).toBeTruthy();
  });

  it("shows a superuser every account's contacts with their account, and no Add Contact", async () => {
    signIn(superuser);
    serve();
    renderRoute('/contact-list');
    const view = await table();
    expect(headers(view)).toEqual(['Contact', 'Account Name', 'Email', 'Phone', 'Actions']);
    expect(view.getByRole('row', { name: /Lee Other/ }).textContent).toContain('Other Co');
    expect(screen.queryByRole('button', { name: 'Add Contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload Contacts CSV' })).toBeNull();
  });

  it('lets a superuser act as a contact after confirming', async () => {
    signIn(superuser);
    const me = buildUser({ email: 'sam@example.com' });
    const fetchMock = serve((url) => {
      if (url === '/api/services/user-token?email=sam%40example.com')
        return jsonResponse({ token: 'sam-token' });
      if (url === '/users/me') return jsonResponse(me);
      return jsonResponse({ detail: 'unexpected' }, 500);
    });
    const { router } = renderRoute('/contact-list');
    await userEvent.click((await table()).getByRole('button', { name: 'Act as Sam Site' }));
    const question = await answerConfirmation('Act as this user');
    expect(question.title).toBe('Act as Sam Site?');
    expect(question.text).toContain(actAsConfirmation('sam@example.com').question);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getAccessToken()).toBe('sam-token');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/services/user-token'))).toBe(
      true,
    );
  });

  it('stays on the list with the message when the superuser cancels acting as a contact', async () => {
    signIn(superuser);
    const fetchMock = serve();
    const { router } = renderRoute('/contact-list');
    await userEvent.click((await table()).getByRole('button', { name: 'Act as Pat Office' }));
    await answerConfirmation('Cancel');
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.masqueradeCancelled);
    expect(router.state.location.pathname).toBe('/contact-list');
    expect(getAccessToken()).toBe('token-1');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/services/user-token'))).toBe(
      false,
    );
  });

  it('deletes a contact after confirmation and shows a refusal in red', async () => {
    signIn();
    const fetchMock = serve((url, init) =>
      url === '/api/contacts/2?client_id=10' && init.method === 'DELETE'
        ? jsonResponse({ detail: 'This contact is the account owner' }, 409)
        : jsonResponse({ detail: 'unexpected' }, 500),
    );
    renderRoute('/contact-list');
    const view = await table();
    await userEvent.click(view.getByRole('button', { name: 'Delete Pat Office' }));
    const question = await answerConfirmation('Cancel');
    expect(question.title).toBe('Delete the contact “Pat Office”?');
    expect(question.text).toContain(CONTACT_MESSAGES.deleteConfirm);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(view.getByRole('button', { name: 'Delete Pat Office' }));
    await answerConfirmation('Delete contact');
    expect((await screen.findByRole('alert')).textContent).toBe('This contact is the account owner');
  });

  it('opens the form when a row is clicked on a narrow screen', async () => {
    stubMatchMedia((query) => query.includes('max-width'));
    signIn();
    serve();
    const { router } = renderRoute('/contact-list');
    const view = await table();
    expect(headers(view)).toEqual(['Contact', 'Phone', 'Actions']);
    await userEvent.click(view.getByText('713-555-0199'));
    expect(await screen.findByRole('heading', { name: 'Edit Contact' })).toBeTruthy();
    expect(router.state.location.search).toBe('?id=2');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Pat Office');
  });

  it('tells a plain contact that only the owner or a co-owner changes settings', async () => {
    signIn({ role: 'contact', clients: [buildClient({ membership: 'contact' })] });
    serve();
    renderRoute('/contact-list');
    expect(await screen.findByText(MESSAGES.settingsOwnersOnly)).toBeTruthy();
  });
});

import { CONTACT_BULK_DELETE, CONTACT_MESSAGES } from '@pluvio/shared/contacts';
import { actAsConfirmation, MESSAGES } from '@pluvio/shared/messages';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken, setAccessToken, setUser } from '../../lib/session';
import { answerConfirmation } from '../../testing/confirm';
import { buildClient, buildContact, buildUser } from '../../testing/fixtures';
import { stubMatchMedia, stubScreenWidth } from '../../testing/match-media';
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
    expect(headers(view)).toEqual(['', 'Contact', 'Email', 'Phone', 'Actions']);
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
          .map((row) => within(row).getAllByRole('cell')[1]?.textContent),
      ).toEqual([shown]);
    }
    expect(screen.getByRole('button', { name: 'Add Contact' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Contacts CSV' })).toBeTruthy();
  });

  it('marks the contacts whose phone replied STOP', async () => {
    signIn();
    stubFetch(
      withConfig((url) =>
        url === OWN_URL
          ? jsonResponse([{ ...contacts[0], sms_opted_out_at: '2026-11-21T15:00:00.000Z' }, contacts[1]])
          : jsonResponse({ detail: 'unexpected' }, 500),
      ),
    );
    renderRoute('/contact-list');
    const view = await table();
    const [sam, pat] = view.getAllByRole('row').slice(1);
    expect(sam?.textContent).toContain('Replied STOP on Nov 21, 2026: texts are off until they reply START');
    expect(pat?.textContent).not.toContain('Replied STOP');
  });

  it("shows a superuser every account's contacts with their account, and no Add Contact", async () => {
    signIn(superuser);
    serve();
    renderRoute('/contact-list');
    const view = await table();
    // No boxes: one request deletes contacts of one account, and this list holds every account's.
    expect(headers(view)).toEqual(['Contact', 'Account Name', 'Email', 'Phone', 'Actions']);
    expect(view.queryByRole('checkbox')).toBeNull();
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
    expect(headers(view)).toEqual(['', 'Contact', 'Actions']);
    // Ticking a row's box selects it and does not open it.
    await userEvent.click(view.getByRole('checkbox', { name: 'Select Sam Site' }));
    expect(
      within(screen.getByRole('group', { name: 'Selected contacts' })).getByText('1 selected'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/contact-list');
    await userEvent.click(view.getByText('713-555-0199'));
    expect(await screen.findByRole('heading', { name: 'Edit Contact' })).toBeTruthy();
    expect(router.state.location.search).toBe('?id=2');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Pat Office');
  });

  it('keeps the compact rows under 800 px wide, where every settings tab still shows', async () => {
    stubScreenWidth(700);
    signIn();
    serve();
    renderRoute('/contact-list');
    expect(headers(await table())).toEqual(['', 'Contact', 'Actions']);
    const tabs = within(screen.getByRole('tablist', { name: 'Settings' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toContain('Modify Locations');
  });

  it('shows the full table from 800 px wide', async () => {
    stubScreenWidth(900);
    signIn();
    serve();
    renderRoute('/contact-list');
    expect(headers(await table())).toEqual(['', 'Contact', 'Email', 'Phone', 'Actions']);
  });

  describe('many contacts', { timeout: 40_000 }, () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      buildContact({ id: i + 1, name: `Person ${String(i + 1).padStart(3, '0')}`, email: null }),
    );

    /** The list in pages of 250, as the API answers; bulk deletes go to `handler`. */
    function serveMany(handler: FetchHandler = () => jsonResponse({ detail: 'unexpected' }, 500)) {
      return stubFetch(
        withConfig((url, init) => {
          const listed = url.match(/^\/api\/contacts\/\?client_id=10&page=(\d+)&page_size=250$/);
          if (!listed) return handler(url, init);
          const first = (Number(listed[1]) - 1) * 250;
          return jsonResponse(many.slice(first, first + 250));
        }),
      );
    }

    const bulkDeletes = (fetchMock: ReturnType<typeof stubFetch>) =>
      fetchMock.mock.calls
        .filter(([url]) => String(url).startsWith('/api/contacts/bulk-delete'))
        .map(([url, init]) => ({ url, ids: JSON.parse(String(init?.body)).ids }));

    it('draws them 50 a page, and deletes the ticked ones in one request after one confirmation that says what happens', async () => {
      signIn();
      const fetchMock = serveMany((url) =>
        url.startsWith('/api/contacts/bulk-delete') ? jsonResponse({ deleted: 52 }) : jsonResponse({}, 500),
      );
      renderRoute('/contact-list');
      const view = await table();
      expect(view.getAllByRole('row')).toHaveLength(51);
      expect(screen.getByText('Showing 1-50 of 120')).toBeTruthy();

      await userEvent.click(view.getByRole('checkbox', { name: 'Select the contacts shown' }));
      await userEvent.click(screen.getByRole('button', { name: '3' }));
      expect(screen.getByText('Showing 101-120 of 120')).toBeTruthy();
      await userEvent.click(view.getByRole('checkbox', { name: 'Select Person 101' }));
      await userEvent.click(view.getByRole('checkbox', { name: 'Select Person 120' }));
      const bar = within(screen.getByRole('group', { name: 'Selected contacts' }));
      expect(bar.getByText('52 selected')).toBeTruthy();
      expect(bar.getByRole('button', { name: 'Select all 120' })).toBeTruthy();

      const readsBefore = fetchMock.mock.calls.filter(([url]) => String(url).includes('page=1&')).length;
      await userEvent.click(bar.getByRole('button', { name: 'Delete selected' }));
      const question = await answerConfirmation('Delete 52 contacts');
      expect(question.title).toBe('Delete 52 contacts?');
      expect(question.text).toContain('Are you sure you want to delete these 52 contacts?');
      expect(question.text).toContain(CONTACT_BULK_DELETE.confirmation(52).consequence);
      expect(await screen.findByText('52 contacts deleted.')).toBeTruthy();
      expect(bulkDeletes(fetchMock)).toEqual([
        {
          url: '/api/contacts/bulk-delete?client_id=10',
          ids: [...many.slice(0, 50), many[100], many[119]].map((c) => c?.id),
        },
      ]);
      await vi.waitFor(() =>
        expect(
          fetchMock.mock.calls.filter(([url]) => String(url).includes('page=1&')).length,
        ).toBeGreaterThan(readsBefore),
      );
      expect(screen.queryByRole('group', { name: 'Selected contacts' })).toBeNull();
    });

    it("shows the server's refusal in red, deletes nothing when cancelled, and keeps the selection", async () => {
      signIn();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const fetchMock = serveMany((url) =>
        url.startsWith('/api/contacts/bulk-delete')
          ? jsonResponse({ detail: CONTACT_MESSAGES.notFound }, 404)
          : jsonResponse({}, 500),
      );
      renderRoute('/contact-list');
      await userEvent.click((await table()).getByRole('checkbox', { name: 'Select Person 001' }));
      await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
      expect((await answerConfirmation('Cancel')).text).toContain(
        'Are you sure you want to delete this contact?',
      );
      expect(bulkDeletes(fetchMock)).toEqual([]);

      await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
      await answerConfirmation('Delete 1 contact');
      expect((await screen.findByRole('alert')).textContent).toBe(CONTACT_MESSAGES.notFound);
      expect(screen.getByText('1 selected')).toBeTruthy();
    });
  });

  it('tells a plain contact that only the owner or a co-owner changes settings', async () => {
    signIn({ role: 'contact', clients: [buildClient({ membership: 'contact' })] });
    serve();
    renderRoute('/contact-list');
    expect(await screen.findByText(MESSAGES.settingsOwnersOnly)).toBeTruthy();
  });
});

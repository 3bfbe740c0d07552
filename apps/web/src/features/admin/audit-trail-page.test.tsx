import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAccessToken, setUser } from '../../lib/session';
import { buildAccount, buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const admin = { id: 1, email: 'admin@pluvio.example' };
const gold = { id: 7, email: 'gold@pluvio.example' };

const masquerade = {
  id: 11,
  at: '2026-11-21T19:00:00.000Z',
  action: 'masquerade_start',
  actor: admin,
  as_user: gold,
  subject: gold,
  client: null,
  ip: '198.51.100.7',
  changes: null,
  details: {},
};
const tierChange = {
  id: 10,
  at: '2026-11-21T18:30:00.000Z',
  action: 'client_tier_changed',
  actor: admin,
  as_user: null,
  subject: null,
  client: { id: 3, account_name: 'Harbor Works' },
  ip: '198.51.100.7',
  changes: { tier: { before: 'bronze', after: 'silver' } },
  details: {},
};
const refused = {
  id: 9,
  at: '2026-11-21T18:00:00.000Z',
  action: 'sign_in_refused',
  actor: null,
  as_user: null,
  subject: gold,
  client: null,
  ip: '203.0.113.66',
  changes: null,
  details: { limits: ['account'] },
};

const page = (items: unknown[], total = items.length) => ({ items, total, page: 1, page_size: 50 });

/** Answers the audit log from `answer`, the clients list with two accounts, and records each audit query. */
function stubAudit(answer: (params: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = [];
  stubFetch(
    withConfig((url) => {
      if (url.startsWith('/api/clients/'))
        return jsonResponse([
          buildAccount({ id: 3, account_name: 'Harbor Works' }),
          buildAccount({ id: 4, account_name: 'Acme Drilling' }),
        ]);
      if (!url.startsWith('/api/admin/audit')) return jsonResponse({}, 500);
      const params = new URLSearchParams(url.split('?')[1]);
      queries.push(params);
      return answer(params);
    }),
  );
  return queries;
}

describe('audit trail page', () => {
  beforeEach(() => {
    setAccessToken('t');
    setUser(buildUser({ role: 'admin', is_superuser: true, clients: [] }));
  });

  it('lists who did what, as whom, when in the product time zone, from where and what changed', async () => {
    stubAudit(() => jsonResponse(page([masquerade, tierChange, refused])));
    renderRoute('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(first?.textContent).toBe(
      'Nov 21, 2:00 PM ESTadmin@pluvio.examplegold@pluvio.exampleSwitch user: started198.51.100.7',
    );
    expect(second?.textContent).toContain(
      'Account tier changedHarbor Works198.51.100.7Tier: bronze → silver',
    );
    expect(third?.textContent).toContain('Someone not signed in');
    expect(third?.textContent).toContain('Sign-in refused (too many failures)');
    expect(third?.textContent).toContain('User: gold@pluvio.exampleLimits: account');
  });

  it('summarises an account creation in words, with every field behind Show all, and names a payment as its actor', async () => {
    const account = buildAccount({
      id: 3,
      account_name: 'Harbor Works',
      tier: 'gold',
      email: 'office@harbor.example',
    });
    const created = {
      ...tierChange,
      id: 13,
      action: 'client_created',
      actor: null,
      ip: null,
      changes: Object.fromEntries(
        Object.entries(account).map(([field, value]) => [field, { before: null, after: value }]),
      ),
    };
    stubAudit(() => jsonResponse(page([created])));
    renderRoute('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    const [row] = within(table).getAllByRole('row').slice(1);
    const fields = Object.keys(account).length;
    expect(fields).toBeGreaterThan(30);
    expect(row?.textContent).toContain('Payment provider (automatic)');
    expect(row?.textContent).toContain('Created the account “Harbor Works”');
    expect(
      within(row as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Tier: gold',
      'Account type: paid',
      'Status: active',
      'Email: office@harbor.example',
      'Trial end date: (none)',
    ]);
    expect(row?.textContent).not.toContain('→');

    const more = within(row as HTMLElement).getByRole('button', { name: `Show all ${fields} details` });
    await userEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(within(row as HTMLElement).getAllByRole('listitem')).toHaveLength(fields);
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Show fewer details' }));
    expect(within(row as HTMLElement).getAllByRole('listitem')).toHaveLength(5);
  });

  it('names users as the entry recorded them: name and address at the time', async () => {
    const emailChanged = {
      ...masquerade,
      id: 12,
      action: 'email_change_requested',
      actor: { id: 7, email: 'gold.before@pluvio.example', name: 'Gina Gold' },
      as_user: null,
      subject: { id: 7, email: 'gold.before@pluvio.example', name: 'Gina Gold' },
      changes: { email: { before: 'gold.before@pluvio.example', after: 'gold.after@pluvio.example' } },
    };
    stubAudit(() => jsonResponse(page([emailChanged])));
    renderRoute('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row?.textContent).toContain('Gina Gold <gold.before@pluvio.example>');
    expect(row?.textContent).toContain('Sign-in e-mail change requested');
    expect(row?.textContent).toContain('Email: gold.before@pluvio.example → gold.after@pluvio.example');
  });

  it('sends each filter to the server and starts again from the first page', async () => {
    const queries = stubAudit((params) =>
      jsonResponse({
        ...page(params.get('action') ? [masquerade] : [masquerade, tierChange], 120),
        page: Number(params.get('page')),
      }),
    );
    renderRoute('/admin/audit');
    await screen.findByRole('table', { name: 'Audit entries' });

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Switch user: started');
    await waitFor(() => expect(queries.at(-1)?.get('action')).toBe('masquerade_start'));
    expect(queries.at(-1)?.get('page')).toBe('1');

    await userEvent.type(screen.getByRole('textbox', { name: 'Actor' }), 'admin@');
    await waitFor(() => expect(queries.at(-1)?.get('actor_email')).toBe('admin@'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Account' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Works' }));
    await waitFor(() => expect(queries.at(-1)?.get('client_id')).toBe('3'));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21' } });
    await waitFor(() => expect(queries.at(-1)?.get('end_date')).toBe('2026-11-21'));
    expect(queries.at(-1)?.get('start_date')).toBe('2026-11-20');
    expect(queries.at(-1)?.get('action')).toBe('masquerade_start');
  });

  it('says when nothing matches, and why a read failed', async () => {
    stubAudit((params) =>
      params.get('end_date')
        ? jsonResponse({ detail: 'Dates must be in order' }, 422)
        : jsonResponse(page([])),
    );
    renderRoute('/admin/audit');
    expect(await screen.findByText('No audit entries match these filters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('Dates must be in order')).toBeTruthy();
  });

  it('is for superusers only', async () => {
    setUser(buildUser({ role: 'client', is_superuser: false }));
    stubAudit(() => jsonResponse(page([])));
    const { router } = renderRoute('/admin/audit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

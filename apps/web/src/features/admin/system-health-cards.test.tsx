import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_MESSAGE } from '../../app/guards';
import { setAccessToken, setUser } from '../../lib/session';
import { buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const quiet = { level: 'ok', reasons: [] };

const HEALTH = {
  date: '2026-11-21',
  checked_at: '2026-11-21T17:00:00.000Z',
  emails: {
    total: 14,
    sent: 12,
    errors: 2,
    held: 0,
    waiting: 0,
    level: 'amber',
    reasons: ['2 messages failed today'],
  },
  sms: { total: 1234, sent: 1200, errors: 15, held: 0, waiting: 19, ...quiet },
  passes: [
    {
      pass: 1,
      newest_hour: '2026-11-21T15:00:00.000Z',
      arrived_at: '2026-11-21T16:05:00.000Z',
      next_due_at: '2026-11-21T17:15:00.000Z',
      minutes_late: 0,
      failed: 0,
      retried: 3,
      ...quiet,
    },
    {
      pass: 2,
      newest_hour: '2026-11-21T12:00:00.000Z',
      arrived_at: '2026-11-21T14:10:00.000Z',
      next_due_at: '2026-11-21T15:15:00.000Z',
      minutes_late: 105,
      failed: 2,
      retried: 0,
      level: 'red',
      reasons: ['Next hour 1 h 45 min late', '2 fields failed today'],
    },
  ],
};

function stubApi(answers: Record<string, unknown>) {
  stubFetch(
    withConfig((url) => {
      const path = Object.keys(answers).find((prefix) => url.startsWith(prefix));
      return path ? jsonResponse(answers[path]) : jsonResponse([]);
    }),
  );
}

describe('system health cards', () => {
  beforeEach(() => setAccessToken('t'));

  it("shows superusers today's e-mails and texts, linked to their delivery reports, and both passes", async () => {
    setUser(buildUser({ role: 'admin', is_superuser: true, clients: [] }));
    stubApi({ '/api/admin/health': HEALTH });
    renderRoute('/admin');

    const emails = await screen.findByRole('region', { name: 'Emails' });
    expect(emails.textContent).toContain('12 Processed');
    expect(emails.textContent).toContain('2 errors');
    expect(emails.dataset.level).toBe('amber');
    expect(within(emails).getByRole('status').textContent).toContain('2 messages failed today');
    expect(within(emails).getByRole('link', { name: 'E-mail delivery report' }).getAttribute('href')).toBe(
      '/reports?type=emails',
    );

    const sms = screen.getByRole('region', { name: 'SMS' });
    expect(within(sms).getByLabelText('1200 sent of 1234').textContent).toBe('1200/1234');
    expect(sms.textContent).toContain('15 errors');
    expect(sms.dataset.level).toBe('ok');
    expect(within(sms).queryByRole('status')).toBeNull();
    expect(within(sms).getByRole('link', { name: 'SMS delivery report' }).getAttribute('href')).toBe(
      '/reports?type=sms',
    );

    const pass1 = screen.getByRole('region', { name: 'Pass 1 data' });
    expect(within(pass1).getByText('1000 ET')).toBeTruthy();
    expect(pass1.textContent).toContain('Arrived Nov 21, 11:05 AM EST');
    expect(pass1.textContent).toContain('Next hour on time');
    expect(pass1.textContent).toContain('0 fields failed, 3 retried today');

    const pass2 = screen.getByRole('region', { name: 'Pass 2 data' });
    expect(pass2.dataset.level).toBe('red');
    expect(pass2.textContent).not.toContain('On Standby');
    expect(within(pass2).getByText('0700 ET')).toBeTruthy();
    const reasons = within(within(pass2).getByRole('status')).getAllByRole('listitem');
    expect(reasons.map((item) => item.textContent)).toEqual([
      'Next hour 1 h 45 min late',
      '2 fields failed today',
    ]);

    const tools = within(screen.getByRole('navigation', { name: 'Admin tools' }));
    expect(tools.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Switch User', '/switch'],
      ['Mail viewer', '/admin/mail'],
      ['Delivery Log', '/admin/deliveries'],
      ['Audit Trail', '/admin/audit'],
    ]);
  });

  it("shows 'On Standby' while Pass 2 keeps up", async () => {
    setUser(buildUser({ role: 'admin', is_superuser: true, clients: [] }));
    const pass2 = { ...HEALTH.passes[1], minutes_late: 0, failed: 0, ...quiet };
    stubApi({ '/api/admin/health': { ...HEALTH, passes: [HEALTH.passes[0], pass2] } });
    renderRoute('/admin');
    const card = await screen.findByRole('region', { name: 'Pass 2 data' });
    expect(card.textContent).toContain('On Standby');
    expect(within(card).getByText('Newest hour 0700 ET')).toBeTruthy();
    expect(card.dataset.level).toBe('ok');
  });

  it('says why the page could not load', async () => {
    setUser(buildUser({ role: 'admin', is_superuser: true, clients: [] }));
    stubFetch(
      withConfig((url) =>
        url.startsWith('/api/admin/health')
          ? jsonResponse({ detail: 'Database unavailable' }, 503)
          : jsonResponse([]),
      ),
    );
    renderRoute('/admin');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
  });

  it('shows others only the small data badge', async () => {
    setUser(buildUser({ role: 'admin', is_superuser: false }));
    stubApi({ '/api/services/process_status': { status: 'done', datetime: '2026-11-21T19:00:00.000Z' } });
    renderRoute('/admin');
    expect(await screen.findByText('Done 1400 ET data')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Emails' })).toBeNull();
  });

  it('tells a client plainly that the page is for administrators', async () => {
    setUser(buildUser({ role: 'client', is_superuser: false }));
    stubApi({});
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Not available' })).toBeTruthy();
    expect(screen.getByText(ADMIN_ONLY_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your rainfall data' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.queryByText(/Overall System Health/)).toBeNull();
  });
});

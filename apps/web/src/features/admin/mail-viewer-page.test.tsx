import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../testing/fixtures';
import { stubMatchMedia } from '../../testing/match-media';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';
import { signInAs } from '../../testing/session';
import { OUTBOX_TRANSPORT_NOTE } from './mail-viewer-page';

/** A held e-mail to jane@example.com whose text is its subject, created on November 2`id`. */
function mail(id: number, subject: string, overrides: Record<string, unknown> = {}) {
  return {
    channel: 'email',
    html: null,
    kind: 'password_reset',
    status: 'held',
    attempts: 0,
    last_error: null,
    sent_at: null,
    id,
    to: 'jane@example.com',
    subject,
    text: subject,
    created_at: `2026-11-2${id}T10:00:00Z`,
    ...overrides,
  };
}

/** The outbox's first page of 50, holding `items`. */
function outboxPage(items: object[], overrides: Record<string, unknown> = {}) {
  return { items, total: items.length, page: 1, page_size: 50, transport: 'outbox', ...overrides };
}

function openAsSuperuser(path: string) {
  signInAs(buildUser({ role: 'admin', is_superuser: true }), 't');
  renderRoute(path);
}

describe('mail viewer', () => {
  it('lists messages newest first and turns URLs of the body into links', async () => {
    const fetchMock = stubFetch(
      withConfig((url) =>
        url.startsWith('/api/admin/outbox')
          ? jsonResponse(
              outboxPage([
                mail(1, 'Welcome', {
                  to: 'old@example.com',
                  text: 'Hello',
                  created_at: '2026-11-20T10:00:00Z',
                }),
                mail(2, 'Reset your password', {
                  text: 'Open http://localhost:3000/reset-password?token=abc.def to choose a new password.',
                  created_at: '2026-11-21T10:00:00Z',
                }),
              ]),
            )
          : jsonResponse({}, 500),
      ),
    );
    openAsSuperuser('/admin/mail');
    expect(await screen.findByText(OUTBOX_TRANSPORT_NOTE)).toBeTruthy();
    const list = within(screen.getByRole('list', { name: 'Messages' }));
    expect(list.getAllByRole('button').map((button) => button.textContent)).toEqual([
      expect.stringContaining('Reset your password'),
      expect.stringContaining('Welcome'),
    ]);
    const detail = within(screen.getByRole('article'));
    expect(detail.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(detail.getByRole('link').getAttribute('href')).toBe(
      'http://localhost:3000/reset-password?token=abc.def',
    );
    await userEvent.click(list.getByRole('button', { name: /Welcome/ }));
    expect(detail.queryByRole('link')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/admin/outbox?page=1&page_size=50')).toBe(true);
  });

  it('on a phone opens a message in place of the list, with a way back, and shows times in ET', async () => {
    stubMatchMedia((query) => query.includes('max-width'));
    stubFetch(
      withConfig((url) =>
        url.startsWith('/api/admin/outbox')
          ? jsonResponse(
              outboxPage([mail(1, 'Welcome', { text: 'Hello', created_at: '2026-11-21T15:30:00Z' })], {
                transport: 'smtp',
              }),
            )
          : jsonResponse({}, 500),
      ),
    );
    openAsSuperuser('/admin/mail');
    const list = within(await screen.findByRole('list', { name: 'Messages' }));
    expect(screen.queryByRole('article')).toBeNull();
    expect(list.getByRole('button', { name: /Welcome/ }).textContent).toContain('Nov 21, 10:30 AM EST');
    await userEvent.click(list.getByRole('button', { name: /Welcome/ }));
    expect(screen.getByRole('article').textContent).toContain('Hello');
    expect(screen.queryByRole('list', { name: 'Messages' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'All messages' }));
    expect(screen.getByRole('list', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('opens the message a link names on its page (the Reports screen links to a report’s e-mails)', async () => {
    const fetchMock = stubFetch(
      withConfig((url) => {
        const linked = new URLSearchParams(url.split('?')[1]).get('message') === '1';
        const items = linked
          ? [mail(1, 'Monthly report'), mail(3, 'Reset your password')]
          : [mail(5, 'Newest')];
        return jsonResponse(outboxPage(items, { total: 60, page: linked ? 2 : 1 }));
      }),
    );
    openAsSuperuser('/admin/mail?message=1');
    const detail = within(await screen.findByRole('article'));
    expect(detail.getByRole('heading', { name: 'Monthly report' })).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url]) => url === '/api/admin/outbox?page=1&page_size=50&message=1'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: '1' }));
    expect(await screen.findByRole('heading', { name: 'Newest' })).toBeTruthy();
  });

  it('finds messages by recipient or subject, and says when none match', async () => {
    const all = [mail(1, 'Welcome'), mail(2, 'Rain alert: Houston', { to: 'sam@example.com' })];
    const fetchMock = stubFetch(
      withConfig((url) => {
        const search = new URLSearchParams(url.split('?')[1]).get('search')?.toLowerCase() ?? '';
        const items = all.filter((one) => `${one.to} ${one.subject}`.toLowerCase().includes(search));
        return jsonResponse(outboxPage(items));
      }),
    );
    openAsSuperuser('/admin/mail');
    const messages = () =>
      within(screen.getByRole('list', { name: 'Messages' }))
        .getAllByRole('button')
        .map((button) => button.textContent);
    await screen.findByRole('list', { name: 'Messages' });
    expect(messages()).toHaveLength(2);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'houston');
    await vi.waitFor(() => expect(messages()).toEqual([expect.stringContaining('Rain alert: Houston')]));
    expect(
      fetchMock.mock.calls.some(([url]) => url === '/api/admin/outbox?page=1&page_size=50&search=houston'),
    ).toBe(true);
    expect(
      within(screen.getByRole('article')).getByRole('heading', { name: 'Rain alert: Houston' }),
    ).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'zz');
    expect(await screen.findByText('No messages to or about “houstonzz”.')).toBeTruthy();
  });

  it('shows the file a message carries and downloads it', async () => {
    const fetchMock = stubFetch(
      withConfig((url) =>
        url.includes('/attachment')
          ? new Response('Location,Date\r\n', {
              headers: {
                'Content-Type': 'text/csv',
                'Content-Disposition': 'attachment; filename="pluvio-monthly-2026-10.csv"',
              },
            })
          : jsonResponse(
              outboxPage([
                mail(9, 'Monthly report', {
                  to: 'site@example.com',
                  text: 'Attached',
                  created_at: '2026-11-01T10:00:00Z',
                  attachment: {
                    filename: 'pluvio-monthly-2026-10.csv',
                    content_type: 'text/csv; charset=utf-8',
                    size: 2048,
                  },
                }),
              ]),
            ),
      ),
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    openAsSuperuser('/admin/mail');
    const detail = within(await screen.findByRole('article'));
    expect(detail.getByText(/text\/csv, 2\.0 KB/)).toBeTruthy();
    await userEvent.click(detail.getByRole('button', { name: 'pluvio-monthly-2026-10.csv' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/admin/outbox/9/attachment')).toBe(true);
    createObjectURL.mockRestore();
  });
});

import { OUTBOX_HELD_MEANING } from '@pluvio/shared/outbox.schemas';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAccessToken, setUser } from '../../lib/session';
import { buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const entry = {
  id: 1,
  channel: 'email',
  kind: 'reset_password',
  recipient: 'jane@example.com',
  subject: 'Reset your Pluvio password',
  status: 'sent',
  status_at: '2026-11-21T19:01:00.000Z',
  attempts: 1,
  last_error: null,
  queued_at: '2026-11-21T19:00:00.000Z',
  sent_at: '2026-11-21T19:01:00.000Z',
};

const noCounts = { queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0, held: 0 };

function logPage(items: unknown[], total = items.length, counts = noCounts) {
  return { items, total, page: 1, page_size: 50, counts };
}

/** Answers the delivery log from `answer` and records the query of each call. */
function stubLog(answer: (params: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = [];
  stubFetch(
    withConfig((url) => {
      if (!url.startsWith('/api/admin/deliveries')) return jsonResponse({}, 500);
      const params = new URLSearchParams(url.split('?')[1]);
      queries.push(params);
      return answer(params);
    }),
  );
  return queries;
}

describe('delivery log', () => {
  beforeEach(() => {
    setAccessToken('t');
    setUser(buildUser({ role: 'admin', is_superuser: true }));
  });

  it('lists messages in the product time zone with their status, errors and counts by status', async () => {
    stubLog(() =>
      jsonResponse(
        logPage(
          [
            entry,
            {
              ...entry,
              id: 2,
              channel: 'sms',
              kind: 'alert',
              recipient: '+15125550100',
              subject: null,
              status: 'failed',
              last_error: 'Twilio 21610: unsubscribed recipient',
              sent_at: null,
            },
          ],
          2,
          { ...noCounts, sent: 1, failed: 1 },
        ),
      ),
    );
    renderRoute('/admin/deliveries');
    const table = await screen.findByRole('table', { name: 'Messages' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first?.textContent).toContain('Nov 21, 2:00 PM EST');
    expect(first?.textContent).toContain(
      'E-mailPassword resetjane@example.comReset your Pluvio passwordSent',
    );
    expect(first?.textContent).toContain('Nov 21, 2:01 PM EST');
    expect(second?.textContent).toContain('SMSAlert+15125550100');
    expect(second?.textContent).toContain('FailedTwilio 21610: unsubscribed recipient');
    const counts = screen.getByRole('list', { name: 'Messages by status' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 sent', '1 failed']);
    expect(screen.getByRole('region', { name: 'Delivery Log table' }).tabIndex).toBe(0);
  });

  it('says in words that a kept message was not sent, and why', async () => {
    stubLog(() => jsonResponse(logPage([{ ...entry, status: 'held' }], 1, { ...noCounts, held: 1 })));
    renderRoute('/admin/deliveries');
    const table = await screen.findByRole('table', { name: 'Messages' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row?.textContent).toContain(`Kept, not sent${OUTBOX_HELD_MEANING}`);
    expect(row?.textContent).not.toMatch(/held/i);
    const counts = screen.getByRole('list', { name: 'Messages by status' });
    expect(counts.textContent).toBe('1 kept, not sent');
  });

  it('asks again with the chosen filters, from the first page', async () => {
    const queries = stubLog((params) =>
      jsonResponse(params.get('status') ? logPage([]) : logPage([entry], 120)),
    );
    renderRoute('/admin/deliveries');
    await screen.findByRole('table', { name: 'Messages' });
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(queries.at(-1)?.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(queries.at(-1)?.get('page')).toBe('3');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'sms');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21' } });
    expect(await screen.findByText('No messages in this range')).toBeTruthy();
    expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({
      channel: 'sms',
      status: 'failed',
      start_date: '2026-11-01',
      end_date: '2026-11-21',
      page: '1',
      page_size: '50',
    });

    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'All channels');
    expect(queries.at(-1)?.has('channel')).toBe(false);
  });

  it("shows the server's reason when it refuses the range", async () => {
    stubLog(() =>
      jsonResponse(
        {
          detail: [
            {
              loc: ['querystring', 'end_date'],
              msg: 'The start date must not be after the end date',
              type: 'custom',
            },
          ],
        },
        422,
      ),
    );
    renderRoute('/admin/deliveries');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The start date must not be after the end date',
    );
  });
});

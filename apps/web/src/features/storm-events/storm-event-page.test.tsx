import type { StormEventDetail } from '@pluvio/shared/storm-events-api';
import { STORM_EVENT_MESSAGES } from '@pluvio/shared/storm-events-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildStormEventDetail, buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, serveExpected } from '../../testing/render';
import { signInAs } from '../../testing/session';

const HOURS = ['12:00', '13:00', '14:00', '15:00'].map((time, index) => ({
  ends_at: `2026-11-20T${time}:00.000Z`,
  amount: [0, 0.1, 0.21, 0.11][index] ?? 0,
  pass: index === 0 ? null : 2,
}));

function buildDetail(overrides: Partial<StormEventDetail> = {}): StormEventDetail {
  return buildStormEventDetail({
    source_label: 'NOAA MRMS radar/gauge, Pass 2',
    passes: [2],
    hours: HOURS,
    revisions: [
      {
        revised_at: '2026-11-21T15:00:00.000Z',
        change: 'changed',
        before: {
          start: '2026-11-20T13:00:00.000Z',
          end: '2026-11-20T18:00:00.000Z',
          total: 0.3,
          passes: [1],
        },
        after: {
          start: '2026-11-20T13:00:00.000Z',
          end: '2026-11-20T18:00:00.000Z',
          total: 0.42,
          passes: [2],
        },
      },
    ],
    ...overrides,
  });
}

function serveEvent(answer: Response) {
  const asked: string[] = [];
  serveExpected((url) => {
    if (!url.startsWith('/api/storm-events/')) return undefined;
    asked.push(url);
    return answer;
  });
  signInAs(buildUser());
  return asked;
}

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('storm event page', () => {
  it('shows the facts of the event, its hourly chart and its revisions', async () => {
    const asked = serveEvent(jsonResponse(buildDetail()));
    renderRoute('/storm-events/31');
    expect(await screen.findByRole('heading', { name: 'Warehouse North', level: 1 })).toBeTruthy();
    expect(asked).toEqual(['/api/storm-events/31?client_id=10']);
    expect(screen.getAllByText('Overdue').length).toBeGreaterThan(0);
    expect(fact('Started')).toBe('Nov 20, 8:00 AM EST');
    expect(fact('Ended')).toBe('Nov 20, 1:00 PM EST');
    expect(fact('Threshold reached')).toBe('Nov 20, 10:00 AM EST');
    expect(fact('Total')).toBe('0.42 in');
    expect(fact('Wettest hour')).toBe('0.21 in, hour ending Nov 20, 10:00 AM EST');
    expect(fact('Source')).toBe('NOAA MRMS radar/gauge, Pass 2');
    expect(fact('Permit threshold')).toBe('0.25 in within 24 hours');
    expect(fact('Inspection rule')).toBe('Within 24 hours');
    expect(fact('Due by')).toBe('Nov 21, 1:00 PM EST');
    const chart = screen.getByRole('region', { name: 'Hourly rainfall' });
    expect(chart.textContent).toContain('the permit threshold, 0.25 in within 24 hours');
    const revisions = within(screen.getByRole('list', { name: 'Revisions' })).getAllByRole('listitem');
    expect(revisions.map((item) => item.textContent)).toEqual([
      'Nov 21, 10:00 AM EST: Pass 2 revision: total 0.30 → 0.42 in',
    ]);
    expect(screen.queryByText(new RegExp(STORM_EVENT_MESSAGES.removed))).toBeNull();
  });

  it('tells when an open event will be due if no more rain falls', async () => {
    const open = { status: 'open' as const, ended_at: null, due_at: null, revisions: [] };
    serveEvent(jsonResponse(buildDetail({ ...open, due_if_dry_at: '2026-11-21T16:00:00.000Z' })));
    renderRoute('/storm-events/31');
    expect(await screen.findByRole('heading', { name: 'Warehouse North', level: 1 })).toBeTruthy();
    expect(screen.getAllByText('Storm open').length).toBeGreaterThan(0);
    expect(fact('Ended')).toBe('Not ended yet');
    expect(fact('Due by')).toBe('Nov 21, 11:00 AM EST if no more rain falls');
  });

  it('says at the top when a revision removed the event', async () => {
    const removal = {
      revised_at: '2026-11-21T15:00:00.000Z',
      change: 'removed' as const,
      before: { start: '2026-11-20T13:00:00.000Z', end: '2026-11-20T18:00:00.000Z', total: 0.3, passes: [1] },
      after: null,
    };
    serveEvent(jsonResponse(buildDetail({ status: 'removed', due_at: null, revisions: [removal] })));
    renderRoute('/storm-events/31');
    expect(
      await screen.findByText(`Removed by NOAA revision: ${STORM_EVENT_MESSAGES.removed}`, {
        selector: '[role="status"] *',
      }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Revisions' })).getByRole('listitem').textContent,
    ).toContain(`Removed: ${STORM_EVENT_MESSAGES.removed} (was 0.30 in)`);
  });

  it('says an event that is not the account’s was not found', async () => {
    serveEvent(jsonResponse({ detail: STORM_EVENT_MESSAGES.notFound }, 404));
    renderRoute('/storm-events/999');
    expect((await screen.findByRole('alert')).textContent).toBe(STORM_EVENT_MESSAGES.notFound);
    expect(screen.getByRole('link', { name: '← All storm events' }).getAttribute('href')).toBe(
      '/storm-events',
    );
  });
});

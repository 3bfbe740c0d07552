import { INSPECTION_MESSAGES } from '@pluvio/shared/inspections';
import type { StormEventDetail } from '@pluvio/shared/storm-events-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildClient,
  buildInspection,
  buildStormEventDetail,
  buildSuperuser,
  buildUser,
} from '../../testing/fixtures';
import { stubMatchMedia } from '../../testing/match-media';
import { jsonResponse, renderRoute, serveExpected } from '../../testing/render';
import { signInAs } from '../../testing/session';
import { NOT_COUNTED } from './inspection-list';
import { STILL_RAINING_NOTE } from './inspections';

/** Saturday Nov 21, 2026, 2:30 PM in New York: the day after the fixture's storm. */
const SATURDAY_AFTERNOON_IN_NEW_YORK = new Date('2026-11-21T19:30:00.000Z');

const buildDetail = buildStormEventDetail;

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** Serves the event (as it stands after the last save) and answers saves with `answer`. */
function serveInspections(event: StormEventDetail, answer: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  let current = event;
  serveExpected((url, init) => {
    if (url === '/api/storm-events/31?client_id=10') return jsonResponse(current);
    if (!url.includes('/inspections')) return undefined;
    const request = { method: init.method ?? 'GET', url, body: JSON.parse(String(init.body)) };
    sent.push(request);
    const response = answer(request);
    if (response.ok) current = { ...current, status: 'inspected', inspections: [buildInspection()] };
    return response;
  });
  return sent;
}

const dialog = () => screen.findByRole('dialog', { name: /inspection$/ });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SATURDAY_AFTERNOON_IN_NEW_YORK);
  stubMatchMedia();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('storm event inspections', () => {
  it('lists each inspection with its inspector, BMPs, findings and corrective actions', async () => {
    signInAs(buildUser());
    serveInspections(
      buildDetail({ inspections: [buildInspection(), buildInspection({ id: 8, counts_for_event: false })] }),
      () => jsonResponse({}, 500),
    );
    renderRoute('/storm-events/31');
    const items = within(await screen.findByRole('list', { name: 'Inspections' })).getAllByRole('listitem', {
      name: /^Inspection of/,
    });
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Nov 21, 9:00 AM EST')).toBeTruthy();
    expect(first.getByText('by Carl Contact')).toBeTruthy();
    expect(first.getByText('Silt fence, Inlet protection')).toBeTruthy();
    expect(first.getByText('Sediment behind the north fence.')).toBeTruthy();
    const actions = first.getAllByRole('listitem').map((item) => item.textContent);
    expect(actions).toEqual(['OpenClean out the fenceDue Nov 24, 2026', 'DoneReplace inlet sock']);
    expect(first.queryByText(NOT_COUNTED)).toBeNull();
    expect(within(items[1] as HTMLElement).getByText(NOT_COUNTED)).toBeTruthy();
    expect(first.getByRole('button', { name: 'Edit the inspection of Nov 21, 9:00 AM EST' })).toBeTruthy();
  });

  it('records an inspection at the typed Eastern time, with its offset, and says so', async () => {
    signInAs(buildUser());
    const sent = serveInspections(buildDetail(), () => jsonResponse(buildInspection(), 201));
    renderRoute('/storm-events/31');
    await userEvent.click(await screen.findByRole('button', { name: 'Record inspection' }));
    const form = within(await dialog());
    expect((form.getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2026-11-21');
    expect((form.getByLabelText(/^Time \(EST\)/) as HTMLInputElement).value).toBe('14:30');
    fireEvent.change(form.getByLabelText(/^Time \(/), { target: { value: '09:15' } });
    await userEvent.type(form.getByRole('combobox', { name: 'BMP 1' }), 'Silt fence');
    await userEvent.type(form.getByLabelText('Findings'), 'Sediment at the fence');
    await userEvent.click(form.getByRole('button', { name: 'Add corrective action' }));
    const action = within(form.getByRole('group', { name: 'Corrective action 1' }));
    await userEvent.type(action.getByLabelText('Description'), 'Clean out the fence');
    fireEvent.change(action.getByLabelText('Due date'), { target: { value: '2026-11-24' } });
    await userEvent.click(form.getByRole('button', { name: 'Record inspection' }));
    expect(await screen.findByText(INSPECTION_MESSAGES.recorded)).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/storm-events/31/inspections?client_id=10',
        body: {
          inspected_at: '2026-11-21T09:15:00-05:00',
          bmps: ['Silt fence'],
          findings: 'Sediment at the fence',
          notes: '',
          corrective_actions: [
            { description: 'Clean out the fence', due_on: '2026-11-24', completed: false },
          ],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('by Carl Contact')).toBeTruthy();
    expect(screen.getAllByText('Inspected').length).toBeGreaterThan(0);
  });

  it('checks the form before sending and shows the server’s refusal on its field', async () => {
    signInAs(buildUser());
    const sent = serveInspections(buildDetail(), () =>
      jsonResponse({ detail: [{ loc: ['body', 'inspected_at'], msg: INSPECTION_MESSAGES.future }] }, 422),
    );
    renderRoute('/storm-events/31');
    await userEvent.click(await screen.findByRole('button', { name: 'Record inspection' }));
    const form = within(await dialog());
    await userEvent.click(form.getByRole('button', { name: 'Add corrective action' }));
    await userEvent.click(form.getByRole('button', { name: 'Record inspection' }));
    expect(form.getByText(INSPECTION_MESSAGES.action)).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.click(form.getByRole('button', { name: 'Remove corrective action 1' }));
    await userEvent.click(form.getByRole('button', { name: 'Record inspection' }));
    expect(await form.findByText(INSPECTION_MESSAGES.future)).toBeTruthy();
    expect(form.getByLabelText(/^Time \(/).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(1);
  });

  it('edits an inspection, keeping the ids of the corrective actions left in', async () => {
    signInAs(buildUser());
    const sent = serveInspections(
      buildDetail({ status: 'inspected', inspections: [buildInspection()] }),
      () => jsonResponse(buildInspection()),
    );
    renderRoute('/storm-events/31');
    await userEvent.click(await screen.findByRole('button', { name: /^Edit the inspection/ }));
    const form = within(await dialog());
    expect((form.getByLabelText(/^Time \(/) as HTMLInputElement).value).toBe('09:00');
    await userEvent.click(form.getByRole('button', { name: 'Remove corrective action 2' }));
    await userEvent.click(
      within(form.getByRole('group', { name: 'Corrective action 1' })).getByLabelText('Done'),
    );
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(INSPECTION_MESSAGES.saved)).toBeTruthy();
    // What the form left alone goes back as it was loaded.
    const { bmps, findings, notes } = buildInspection();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/inspections/7?client_id=10',
        body: {
          inspected_at: '2026-11-21T09:00:00-05:00',
          bmps,
          findings,
          notes,
          corrective_actions: [
            { id: 70, description: 'Clean out the fence', due_on: '2026-11-24', completed: true },
          ],
        },
      },
    ]);
  });

  it('says an inspection while it still rains does not count', async () => {
    signInAs(buildUser());
    serveInspections(buildDetail({ status: 'open', ended_at: null, due_at: null }), () =>
      jsonResponse({}, 500),
    );
    renderRoute('/storm-events/31');
    expect(await screen.findByRole('button', { name: 'Record inspection' })).toBeTruthy();
    expect(screen.getByText(STILL_RAINING_NOTE)).toBeTruthy();
  });

  it('offers superusers no way to record or edit', async () => {
    signInAs(buildSuperuser({ clients: [buildClient()], primary_client_id: 10 }));
    serveInspections(buildDetail({ inspections: [buildInspection()] }), () => jsonResponse({}, 500));
    renderRoute('/storm-events/31');
    expect(await screen.findByText('by Carl Contact')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record inspection' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit the inspection/ })).toBeNull();
  });

  it('offers nothing to record for a removed event', async () => {
    signInAs(buildUser());
    serveInspections(buildDetail({ status: 'removed', due_at: null }), () => jsonResponse({}, 500));
    renderRoute('/storm-events/31');
    expect(await screen.findByText('No inspection recorded yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record inspection' })).toBeNull();
  });
});

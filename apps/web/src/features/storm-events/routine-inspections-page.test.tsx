import { INSPECTION_MESSAGES, type Inspection } from '@pluvio/shared/inspections';
import { ROUTINE_MESSAGES, type RoutineInspection } from '@pluvio/shared/routine-inspections';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildClient,
  buildInspection,
  buildLocation,
  buildRoutineInspection,
  buildSuperuser,
  buildUser,
} from '../../testing/fixtures';
import { stubMatchMedia } from '../../testing/match-media';
import { jsonResponse, renderRoute, serveExpected } from '../../testing/render';
import { signInAs } from '../../testing/session';
import { ROUTINE_KIND, STORM_KIND } from './inspection-list';

/** Saturday Nov 28, 2026, 10:00 AM in New York: the day after Warehouse North's routine inspection was due. */
const SATURDAY_MORNING_IN_NEW_YORK = new Date('2026-11-28T15:00:00.000Z');

const STORM_INSPECTION = buildInspection();
const ROUTINE_INSPECTION = buildInspection({
  id: 9,
  event_id: null,
  inspector: { user_id: 6, name: 'Jane Doe' },
  inspected_at: '2026-11-20T19:30:00.000Z',
  bmps: ['Construction entrance'],
  corrective_actions: [],
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

interface Location {
  routine: RoutineInspection[];
  inspections: Inspection[];
}

/**
 * Serves location 101's schedule, its inspections and the location itself, as they stand after
 * the last save; answers POST /api/inspections with `answer` and returns what was sent.
 */
function serveLocation(location: Location, answer: (sent: Sent) => Response = () => jsonResponse({}, 500)) {
  const sent: Sent[] = [];
  let current = location;
  serveExpected((url, init) => {
    if (url === '/api/routine-inspections?client_id=10&location_id=101') {
      return jsonResponse({ items: current.routine });
    }
    if (url === '/api/inspections?client_id=10&location_id=101') {
      return jsonResponse({ items: current.inspections });
    }
    if (url === '/api/locations/101?client_id=10') return jsonResponse(buildLocation());
    if (url !== '/api/inspections?client_id=10') return undefined;
    const body = init.body instanceof FormData ? init.body : JSON.parse(String(init.body));
    const request = { method: init.method ?? 'GET', url, body };
    sent.push(request);
    const response = answer(request);
    if (response.ok) {
      const recorded = buildInspection({
        id: 12,
        event_id: null,
        inspector: { user_id: 1, name: 'Olive Owner' },
      });
      current = {
        routine: current.routine.map((routine) => ({ ...routine, status: 'due' as const })),
        inspections: [recorded, ...current.inspections],
      };
    }
    return response;
  });
  return sent;
}

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

const inspectionItems = async () =>
  within(await screen.findByRole('list', { name: 'Inspections' })).getAllByRole('listitem', {
    name: /^Inspection of/,
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SATURDAY_MORNING_IN_NEW_YORK);
  stubMatchMedia();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('routine inspections page', () => {
  it('shows the location’s schedule and its inspections of every kind, a storm’s linking to its event', async () => {
    signInAs(buildUser());
    serveLocation({
      routine: [buildRoutineInspection()],
      inspections: [STORM_INSPECTION, ROUTINE_INSPECTION],
    });
    renderRoute('/storm-events/routine/101');
    expect(await screen.findByRole('heading', { name: 'Warehouse North', level: 1 })).toBeTruthy();
    expect(screen.getByText('Routine overdue')).toBeTruthy();
    expect(fact('Cadence')).toBe('Every 7 days');
    expect(fact('Scheduled since')).toBe('Nov 1, 2026');
    expect(fact('Last inspection')).toBe('Nov 20, 2:30 PM EST by Jane Doe');
    expect(fact('Due by')).toBe('Nov 27, 11:59 PM EST');
    const [storm, routine] = (await inspectionItems()) as [HTMLElement, HTMLElement];
    expect(within(storm).getByText('by Carl Contact')).toBeTruthy();
    expect(within(storm).getByRole('link', { name: STORM_KIND }).getAttribute('href')).toBe(
      '/storm-events/31',
    );
    expect(within(routine).getByText('by Jane Doe')).toBeTruthy();
    expect(within(routine).getByText(ROUTINE_KIND)).toBeTruthy();
    expect(within(routine).queryByRole('link')).toBeNull();
    expect(within(routine).getByRole('button', { name: /^Edit the inspection/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All storm events' }).getAttribute('href')).toBe(
      '/storm-events',
    );
  });

  it('records a routine inspection with the location’s id, then shows it and the schedule again', async () => {
    signInAs(buildUser());
    const sent = serveLocation(
      { routine: [buildRoutineInspection()], inspections: [ROUTINE_INSPECTION] },
      () => jsonResponse(buildInspection({ id: 12, event_id: null }), 201),
    );
    renderRoute('/storm-events/routine/101');
    await userEvent.click(await screen.findByRole('button', { name: 'Record inspection' }));
    const form = within(await screen.findByRole('dialog', { name: 'Record inspection' }));
    expect((form.getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2026-11-28');
    fireEvent.change(form.getByLabelText(/^Time \(/), { target: { value: '09:45' } });
    await userEvent.type(form.getByRole('combobox', { name: 'BMP 1' }), 'Silt fence');
    await userEvent.type(form.getByLabelText('Findings'), 'All in place');
    await userEvent.click(form.getByRole('button', { name: 'Record inspection' }));
    expect(await screen.findByText(INSPECTION_MESSAGES.recorded)).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/inspections?client_id=10',
        body: {
          inspected_at: '2026-11-28T09:45:00-05:00',
          bmps: ['Silt fence'],
          findings: 'All in place',
          notes: '',
          corrective_actions: [],
          location_id: 101,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('by Olive Owner')).toBeTruthy();
    expect(await screen.findByText('Routine due')).toBeTruthy();
    expect(await inspectionItems()).toHaveLength(2);
  });

  it('sends photos with a routine inspection as a multipart form whose inspection names the location', async () => {
    signInAs(buildUser());
    const sent = serveLocation({ routine: [buildRoutineInspection()], inspections: [] }, () =>
      jsonResponse(buildInspection({ id: 12, event_id: null }), 201),
    );
    renderRoute('/storm-events/routine/101');
    await userEvent.click(await screen.findByRole('button', { name: 'Record inspection' }));
    const form = within(await screen.findByRole('dialog', { name: 'Record inspection' }));
    const photo = new File(['\xff\xd8\xff photo'], 'outfall.jpg', { type: 'image/jpeg' });
    await userEvent.upload(form.getByLabelText('Add photos'), photo);
    await userEvent.click(form.getByRole('button', { name: 'Record inspection' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe('/api/inspections?client_id=10');
    const body = sent[0]?.body as FormData;
    expect(JSON.parse(String(body.get('inspection')))).toMatchObject({ location_id: 101, bmps: [] });
    expect(body.getAll('photos').map((file) => (file as File).name)).toEqual(['outfall.jpg']);
  });

  it('says a location without a cadence has no routine inspections, and still records one and lists them', async () => {
    signInAs(buildUser());
    serveLocation({ routine: [], inspections: [STORM_INSPECTION] });
    renderRoute('/storm-events/routine/101');
    expect(await screen.findByText(ROUTINE_MESSAGES.notScheduled)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Warehouse North', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Cadence')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Record inspection' })).toBeTruthy();
    expect(await inspectionItems()).toHaveLength(1);
  });

  it('offers superusers no way to record or edit', async () => {
    signInAs(buildSuperuser({ clients: [buildClient()], primary_client_id: 10 }));
    serveLocation({ routine: [buildRoutineInspection()], inspections: [ROUTINE_INSPECTION] });
    renderRoute('/storm-events/routine/101');
    expect(await screen.findByText('by Jane Doe')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record inspection' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit the inspection/ })).toBeNull();
  });

  it('says a location that is not the account’s was not found', async () => {
    signInAs(buildUser());
    serveExpected((url) =>
      url.startsWith('/api/routine-inspections')
        ? jsonResponse({ detail: ROUTINE_MESSAGES.locationNotFound }, 404)
        : undefined,
    );
    renderRoute('/storm-events/routine/999');
    expect((await screen.findByRole('alert')).textContent).toBe(ROUTINE_MESSAGES.locationNotFound);
    expect(screen.queryByRole('button', { name: 'Record inspection' })).toBeNull();
  });
});

import {
  type Inspection,
  type InspectionPhoto,
  PHOTO_ACCEPT,
  PHOTO_MESSAGES,
} from '@pluvio/shared/inspections';
import type { StormEventDetail } from '@pluvio/shared/storm-events-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildInspection, buildStormEventDetail, buildUser } from '../../testing/fixtures';
import { stubMatchMedia } from '../../testing/match-media';
import { jsonResponse, renderRoute, serveExpected } from '../../testing/render';
import { signInAs } from '../../testing/session';

const PHOTO: InspectionPhoto = {
  id: 90,
  file_name: 'IMG_0042.JPG',
  content_type: 'image/jpeg',
  bytes: 2_000_000,
  taken_at: '2026-11-21T14:10:00.000Z',
  latitude: 30.25,
  longitude: -95.5,
  thumbnail_ready: true,
  uploaded_by: { user_id: 5, name: 'Carl Contact' },
  uploaded_at: '2026-11-21T14:12:00.000Z',
};

const detail = (inspections: Inspection[]) => buildStormEventDetail({ inspections });

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** Serves the event, its photos' previews, and answers the inspection calls with `answer`. */
function serveEvent(event: StormEventDetail, answer: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  serveExpected((url, init) => {
    if (url === '/api/storm-events/31?client_id=10') return jsonResponse(event);
    if (url.includes('size=thumbnail'))
      return new Response('jpeg', { headers: { 'Content-Type': 'image/jpeg' } });
    if (!url.includes('/inspections')) return undefined;
    const request = { method: init.method ?? 'GET', url, body: init.body };
    sent.push(request);
    return answer(request);
  });
  return sent;
}

const photoFile = (name = 'outfall.jpg') => new File(['\xff\xd8\xff photo'], name, { type: 'image/jpeg' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T19:30:00.000Z'));
  stubMatchMedia();
  Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => undefined });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('inspection photos', () => {
  it('takes photos from the camera or files and sends them with the new inspection', async () => {
    signInAs(buildUser());
    const sent = serveEvent(detail([]), () => jsonResponse(buildInspection({ photos: [PHOTO] }), 201));
    renderRoute('/storm-events/31');
    await userEvent.click(await screen.findByRole('button', { name: 'Record inspection' }));
    const form = within(await screen.findByRole('dialog', { name: 'Record inspection' }));
    const picker = form.getByLabelText('Add photos') as HTMLInputElement;
    expect(picker.type).toBe('file');
    expect(picker.accept).toBe(PHOTO_ACCEPT);
    expect(picker.getAttribute('capture')).toBe('environment');
    expect(picker.multiple).toBe(true);
    expect(form.getByText('0 of 20')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^Time \(/), { target: { value: '09:15' } });

    await userEvent.upload(picker, [photoFile(), photoFile('gate.png')]);
    expect(form.getByText('2 of 20')).toBeTruthy();
    await userEvent.click(form.getByRole('button', { name: 'Remove photo gate.png' }));
    expect(form.getByText('1 of 20')).toBeTruthy();
    await userEvent.click(form.getByRole('button', { name: 'Record inspection' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(JSON.parse(String(body.get('inspection')))).toMatchObject({ bmps: [] });
    expect(body.getAll('photos').map((file) => (file as File).name)).toEqual(['outfall.jpg']);
  });

  it('removes and adds photos of an inspection being edited, and shows the server’s refusal', async () => {
    signInAs(buildUser());
    const sent = serveEvent(detail([buildInspection({ photos: [PHOTO] })]), ({ method }) =>
      method === 'POST'
        ? jsonResponse({ detail: PHOTO_MESSAGES.quota(2048) }, 409)
        : jsonResponse(buildInspection()),
    );
    renderRoute('/storm-events/31');
    await userEvent.click(await screen.findByRole('button', { name: /^Edit the inspection/ }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit inspection' }));
    expect(form.getByText('1 of 20')).toBeTruthy();
    await userEvent.click(form.getByRole('button', { name: 'Remove photo IMG_0042.JPG' }));
    await userEvent.upload(form.getByLabelText('Add photos'), photoFile());
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(PHOTO_MESSAGES.quota(2048))).toBeTruthy();
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'PATCH /api/inspections/7?client_id=10',
      'DELETE /api/inspections/7/photos/90?client_id=10',
      'POST /api/inspections/7/photos?client_id=10',
    ]);
  });

  it('shows each photo’s preview on the event page with where and when it was taken', async () => {
    signInAs(buildUser());
    serveEvent(detail([buildInspection({ photos: [PHOTO] })]), () => jsonResponse({}, 500));
    renderRoute('/storm-events/31');
    const photos = within(await screen.findByRole('list', { name: 'Photos' }));
    expect(await photos.findByRole('img', { name: 'IMG_0042.JPG' })).toBeTruthy();
    expect(photos.getByRole('button', { name: 'Open photo IMG_0042.JPG' })).toBeTruthy();
    expect(photos.getByText('Taken Nov 21, 9:10 AM EST · 30.25000, -95.50000')).toBeTruthy();
  });
});

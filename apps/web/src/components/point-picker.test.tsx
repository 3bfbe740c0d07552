import { TextInput } from '@mantine/core';
import { LOCATION_MESSAGES, locationCreateSchema } from '@pluvio/shared/locations';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clickMap, prepareMapsForJsdom } from '../testing/map';
import { jsonResponse, renderWithProviders, stubFetch, withConfig } from '../testing/render';
import type { MapPoint } from './map-point';
import { PointPicker } from './point-picker';

const coverage = locationCreateSchema.pick({ latitude: true, longitude: true });
const user = userEvent.setup();

/** The picker between two coordinate fields, as the location form and the wizard hold it. */
function CoordinateFields({ start = { latitude: '', longitude: '' }, fixed = false }) {
  const [values, setValues] = useState(start);
  const onPick = (point: MapPoint) =>
    setValues({ latitude: String(point.latitude), longitude: String(point.longitude) });
  return (
    <>
      <PointPicker {...values} picking={fixed ? undefined : { coverage, onPick }} />
      <TextInput
        label="Latitude"
        value={values.latitude}
        onChange={(event) => setValues({ ...values, latitude: event.currentTarget.value })}
      />
      <TextInput
        label="Longitude"
        value={values.longitude}
        onChange={(event) => setValues({ ...values, longitude: event.currentTarget.value })}
      />
    </>
  );
}

const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

beforeEach(() => {
  prepareMapsForJsdom();
  stubFetch(withConfig(() => jsonResponse({ detail: 'unexpected' }, 500)));
});

describe('PointPicker', () => {
  it('keeps the map closed until asked, so a phone keeps the form in view', async () => {
    renderWithProviders(<CoordinateFields />);
    const toggle = screen.getByRole('button', { name: 'Pick on map' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Map to pick the location' })).toBeNull();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide map' }).getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('region', { name: 'Map to pick the location' })).toBeTruthy();
  });

  it('fills the fields with the clicked point, to five decimals', async () => {
    renderWithProviders(<CoordinateFields start={{ latitude: '29.76', longitude: '-95.37' }} />);
    await user.click(screen.getByRole('button', { name: 'Pick on map' }));
    await screen.findByAltText('Location point: 29.76, -95.37');
    // East and south of the centre, on the map that starts on the point.
    await clickMap('Map to pick the location', 100, 50);
    await waitFor(() => expect(fieldValue('Latitude')).not.toBe('29.76'));
    const latitude = Number(fieldValue('Latitude'));
    const longitude = Number(fieldValue('Longitude'));
    expect(latitude).toBeLessThan(29.76);
    expect(longitude).toBeGreaterThan(-95.37);
    expect(fieldValue('Latitude')).toMatch(/^\d+\.\d{1,5}$/);
    expect(fieldValue('Longitude')).toMatch(/^-\d+\.\d{1,5}$/);
    expect(screen.getByAltText(`Location point: ${latitude}, ${longitude}`)).toBeTruthy();
  });

  it('starts on the contiguous US when the fields are empty and takes a click in its middle', async () => {
    renderWithProviders(<CoordinateFields />);
    await user.click(screen.getByRole('button', { name: 'Pick on map' }));
    expect(screen.queryByAltText(/^Location point/)).toBeNull();
    await clickMap('Map to pick the location');
    await waitFor(() => expect(fieldValue('Latitude')).not.toBe(''));
    expect(Number(fieldValue('Latitude'))).toBeCloseTo(37.9, 0);
    expect(Number(fieldValue('Longitude'))).toBeCloseTo(-95.9, 0);
  });

  it('refuses a point outside the coverage with the message of a typed one, and keeps the fields', async () => {
    renderWithProviders(<CoordinateFields start={{ latitude: '29.76', longitude: '-95.37' }} />);
    await user.click(screen.getByRole('button', { name: 'Pick on map' }));
    await screen.findByAltText('Location point: 29.76, -95.37');
    // Far south of the centre, below latitude 24.
    await clickMap('Map to pick the location', 0, 240 + 9_000);
    expect((await screen.findByRole('alert')).textContent).toBe(LOCATION_MESSAGES.latitudeRange);
    expect(fieldValue('Latitude')).toBe('29.76');
    expect(fieldValue('Longitude')).toBe('-95.37');
    expect(screen.getByAltText('Location point: 29.76, -95.37')).toBeTruthy();

    await user.clear(screen.getByLabelText('Latitude'));
    await user.type(screen.getByLabelText('Latitude'), '30.1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('moves the marker to typed coordinates, a missing minus sign included', async () => {
    renderWithProviders(<CoordinateFields />);
    await user.click(screen.getByRole('button', { name: 'Pick on map' }));
    await user.type(screen.getByLabelText('Latitude'), '30.27');
    await user.type(screen.getByLabelText('Longitude'), '97.74');
    expect(await screen.findByAltText('Location point: 30.27, -97.74')).toBeTruthy();
    // Centred on it: a click in the middle takes the typed point, to the pixel (0.02° at zoom 6).
    await clickMap('Map to pick the location');
    await waitFor(() => expect(fieldValue('Longitude')).not.toBe('97.74'));
    expect(Math.abs(Number(fieldValue('Longitude')) + 97.74)).toBeLessThan(0.03);
    expect(Math.abs(Number(fieldValue('Latitude')) - 30.27)).toBeLessThan(0.03);
  });

  it("shows a saved location's point without letting a click move it", async () => {
    renderWithProviders(<CoordinateFields start={{ latitude: '29.76', longitude: '-95.37' }} fixed />);
    await user.click(screen.getByRole('button', { name: 'Show on map' }));
    await screen.findByAltText('Location point: 29.76, -95.37');
    await clickMap('Map of the location', 100, 50);
    expect(fieldValue('Latitude')).toBe('29.76');
    expect(screen.getByAltText('Location point: 29.76, -95.37')).toBeTruthy();
  });
});

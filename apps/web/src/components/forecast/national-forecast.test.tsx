import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CONFIG,
  jsonResponse,
  renderWithProviders,
  stubFetch,
  withConfig,
} from '../../testing/render';
import { NationalForecast } from './national-forecast';

const LATE_SATURDAY_IN_NEW_YORK = new Date('2026-11-15T03:30:00Z');

function serveConfig(timeZone = 'America/New_York') {
  return stubFetch(withConfig(() => jsonResponse({}, 404), { ...DEFAULT_CONFIG, time_zone: timeZone }));
}

function dayButton(day: number) {
  return screen.getByRole('button', { name: new RegExp(`^National rainfall forecast, day ${day} `) });
}

/** A browser with the Fullscreen API; jsdom has none. */
function stubFullscreenApi() {
  let fullscreenElement: Element | null = null;
  const requestFullscreen = vi.fn(async function (this: Element) {
    fullscreenElement = this;
  });
  const exitFullscreen = vi.fn(async () => {
    fullscreenElement = null;
  });
  Object.defineProperty(Element.prototype, 'requestFullscreen', {
    configurable: true,
    value: requestFullscreen,
  });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exitFullscreen });
  Object.defineProperty(document, 'fullscreenElement', {
    configurable: true,
    get: () => fullscreenElement,
  });
  return { requestFullscreen, exitFullscreen };
}

function removeFullscreenApi() {
  Reflect.deleteProperty(Element.prototype, 'requestFullscreen');
  Reflect.deleteProperty(document, 'exitFullscreen');
  Reflect.deleteProperty(document, 'fullscreenElement');
}

describe('national forecast', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(LATE_SATURDAY_IN_NEW_YORK);
  });
  afterEach(() => {
    removeFullscreenApi();
  });

  it('shows the three national maps with their days, taken in the product time zone', async () => {
    serveConfig();
    renderWithProviders(<NationalForecast />);

    const images = screen.getAllByRole<HTMLImageElement>('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/forecast/national/1',
      '/api/forecast/national/2',
      '/api/forecast/national/3',
    ]);
    expect(images.map((image) => image.alt)).toEqual([
      'National rainfall forecast, day 1 (Saturday, November 14)',
      'National rainfall forecast, day 2 (Sunday, November 15)',
      'National rainfall forecast, day 3 (Monday, November 16)',
    ]);
    const captions = [...document.querySelectorAll('figcaption')].map((caption) => caption.textContent);
    expect(captions).toEqual(['TodayNov 14', 'TomorrowNov 15', 'MondayNov 16']);
  });

  it('follows the time zone the settings give', async () => {
    serveConfig('Europe/Berlin');
    renderWithProviders(<NationalForecast />);
    expect(
      await screen.findByRole('img', { name: 'National rainfall forecast, day 1 (Sunday, November 15)' }),
    ).toBeTruthy();
  });

  it('gives the scroll hint when the strip is wider than its room, and not when all three fit', () => {
    serveConfig();
    const scrollWidth = vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockReturnValue(1300);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(343);
    const narrow = renderWithProviders(<NationalForecast />);
    expect(screen.getByText('Scroll to see other days')).toBeTruthy();
    narrow.unmount();

    scrollWidth.mockReturnValue(343);
    renderWithProviders(<NationalForecast />);
    expect(screen.queryByText('Scroll to see other days')).toBeNull();
  });

  it('enters full screen on a click and leaves on a double-click', async () => {
    serveConfig();
    const { requestFullscreen, exitFullscreen } = stubFullscreenApi();
    renderWithProviders(<NationalForecast />);
    const tomorrow = dayButton(2);

    await userEvent.click(tomorrow);
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(requestFullscreen.mock.contexts[0]).toBe(tomorrow);

    await userEvent.dblClick(tomorrow);
    expect(exitFullscreen).toHaveBeenCalledTimes(1);
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(document.fullscreenElement).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('enters full screen with Enter and leaves with Escape', async () => {
    serveConfig();
    const { requestFullscreen, exitFullscreen } = stubFullscreenApi();
    renderWithProviders(<NationalForecast />);
    dayButton(1).focus();

    await userEvent.keyboard('{Enter}');
    expect(requestFullscreen.mock.contexts[0]).toBe(dayButton(1));
    await userEvent.keyboard('{Escape}');
    expect(exitFullscreen).toHaveBeenCalledTimes(1);
  });

  it('shows the map in an overlay where the browser has no Fullscreen API', async () => {
    serveConfig();
    renderWithProviders(<NationalForecast />);

    await userEvent.click(dayButton(3));
    const overlay = await screen.findByRole('dialog', { name: 'Monday, Nov 16' });
    const image = within(overlay).getByRole('img');
    expect(image.getAttribute('src')).toBe('/api/forecast/national/3');

    await userEvent.dblClick(image);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

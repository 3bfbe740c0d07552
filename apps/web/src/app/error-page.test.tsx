import { MESSAGES } from '@pluvio/shared/messages';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../lib/routes';
import { clearSession, setAccessToken, setUser } from '../lib/session';
import { buildUser } from '../testing/fixtures';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../testing/render';
import { routes } from './router';

function FailingProfilePage(): never {
  throw new Error('The profile could not be drawn');
}

/** The app's route table with the profile page swapped for one that fails to draw. */
function withFailingProfile(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    if (route.path === PATHS.profile) return { ...route, element: <FailingProfilePage /> };
    return route.children ? { ...route, children: withFailingProfile(route.children) } : route;
  });
}

afterEach(() => clearSession());

describe('error page', () => {
  it("shows a page's failure inside the app, with the header, the cause and the ways on", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(withConfig(() => jsonResponse({ detail: 'unexpected' }, 500)));
    setAccessToken('t');
    setUser(buildUser({ clients: [] }));
    renderRoute('/profile', { table: withFailingProfile(routes) });
    expect(await screen.findByRole('heading', { name: MESSAGES.unexpectedError, level: 1 })).toBeTruthy();
    expect(screen.getByText('The profile could not be drawn')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the start page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says an unknown address is not found, inside the app', async () => {
    stubFetch(withConfig(() => jsonResponse({ detail: 'unexpected' }, 500)));
    setAccessToken('t');
    setUser(buildUser({ clients: [] }));
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { name: MESSAGES.unexpectedError })).toBeTruthy();
    expect(screen.getByText('404 Not Found')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});

import { CANCEL_SIGNUP_REDIRECT_MS, WIZARD_MESSAGES } from '@pluvio/shared/signup';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

describe('cancel-signup page', { timeout: 30_000 }, () => {
  it('cancels the sign-up, says support will be in touch and goes home after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem('pluvio.signup-wizard', '{}');
    const fetchMock = stubFetch(
      withConfig((url) =>
        url === '/api/signups/cancel' ? jsonResponse(null, 204) : jsonResponse({ detail: 'unexpected' }, 500),
      ),
    );
    const { router } = renderRoute('/cancel-signup?session_id=cs_cancel_1', { strict: true });
    expect((await screen.findByText(WIZARD_MESSAGES.cancelled)).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    const calls = fetchMock.mock.calls.filter(([url]) => url === '/api/signups/cancel');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ session_id: 'cs_cancel_1' });
    expect(sessionStorage.getItem('pluvio.signup-wizard')).toBeNull();
    expect(router.state.location.pathname).toBe('/cancel-signup');
    await act(() => vi.advanceTimersByTimeAsync(CANCEL_SIGNUP_REDIRECT_MS));
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes straight home without a session or when the server refuses', async () => {
    stubFetch(withConfig(() => jsonResponse({ detail: 'Not Found' }, 404)));
    const missing = renderRoute('/cancel-signup');
    await waitFor(() => expect(missing.router.state.location.pathname).toBe('/'));
    missing.unmount();
    const refused = renderRoute('/cancel-signup?session_id=cs_unknown');
    await waitFor(() => expect(refused.router.state.location.pathname).toBe('/'));
  });
});

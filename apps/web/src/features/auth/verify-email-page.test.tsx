import { MESSAGES } from '@pluvio/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

describe('verify e-mail page', () => {
  it('verifies the token and shows the logo once, in the top bar', async () => {
    const fetchMock = stubFetch(
      withConfig((url) => (url === '/auth/verify' ? jsonResponse(buildUser()) : jsonResponse({}, 500))),
    );
    renderRoute('/verify-email?token=abc');
    expect(await screen.findByText(MESSAGES.emailVerified)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Pluvio home' })).toHaveLength(1);
    const call = fetchMock.mock.calls.find(([url]) => url === '/auth/verify');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'abc' });
  });
});

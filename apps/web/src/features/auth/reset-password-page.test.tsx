import { MESSAGES } from '@pluvio/shared/messages';
import { NEW_PASSWORD_MESSAGE } from '@pluvio/shared/passwords';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

async function fillIn(password: string, confirm: string) {
  await userEvent.type(await screen.findByLabelText(/^New Password/), password);
  await userEvent.type(screen.getByLabelText(/^Re-type Password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password page', () => {
  it('shows the expired-token message with its link to request a new token', async () => {
    const fetchMock = stubFetch(
      withConfig((url) =>
        url === '/auth/reset-password'
          ? jsonResponse({ detail: 'RESET_PASSWORD_BAD_TOKEN' }, 400)
          : jsonResponse({}, 500),
      ),
    );
    renderRoute('/reset-password?token=abc');
    await fillIn('Secret1!x', 'Secret1!x');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MESSAGES.resetTokenExpired);
    expect(within(alert).getByRole('link', { name: 'clicking here' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    const call = fetchMock.mock.calls.find(([url]) => url === '/auth/reset-password');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'abc', password: 'Secret1!x' });
  });

  it('greets an invited user choosing a first password instead of offering a reset', async () => {
    stubFetch(
      withConfig((url) => (url === '/auth/reset-password' ? jsonResponse(null) : jsonResponse({}, 500))),
    );
    renderRoute('/reset-password?token=abc&invite=1');
    expect(await screen.findByRole('heading', { name: 'Welcome to Pluvio' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Reset Password' })).toBeNull();
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Secret1!x');
    await userEvent.type(screen.getByLabelText(/^Re-type Password/), 'Secret1!x');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Your password is set. Taking you to sign in.')).toBeTruthy();
  });

  it('checks the password rule and that both passwords match before calling the server', async () => {
    const fetchMock = stubFetch(withConfig(() => jsonResponse({}, 500)));
    renderRoute('/reset-password?token=abc');
    await fillIn('weak', 'weak');
    expect((await screen.findAllByText(NEW_PASSWORD_MESSAGE)).length).toBeGreaterThan(0);
    await userEvent.clear(screen.getByLabelText(/^New Password/));
    await userEvent.clear(screen.getByLabelText(/^Re-type Password/));
    await fillIn('Secret1!x', 'Secret1!y');
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/auth/reset-password')).toBe(false);
  });

  it('confirms a successful reset', async () => {
    stubFetch(
      withConfig((url) => (url === '/auth/reset-password' ? jsonResponse({}) : jsonResponse({}, 500))),
    );
    renderRoute('/reset-password?token=abc');
    await fillIn('Secret1!x', 'Secret1!x');
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.passwordResetDone);
    expect(screen.getByRole('link', { name: 'I remember my password' }).getAttribute('href')).toBe('/');
  });
});

import { EMAIL_CHANGE_MESSAGES } from '@pluvio/shared/users.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAccessToken, setUser } from '../../lib/session';
import { buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const ME = '/users/me';
const NEW_EMAIL = 'jane.new@example.com';

/** The server's /users/me: PATCH with a new e-mail leaves `email` and sets `pending_email`. */
function profileServer(initial = buildUser()) {
  let me = initial;
  const patches: Record<string, unknown>[] = [];
  const fetchMock = stubFetch(
    withConfig((url, init) => {
      if (url === ME && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body));
        patches.push(body);
        if (body.email !== me.email && !me.impersonator && body.current_password !== 'Rainfall#2026')
          return jsonResponse({ detail: EMAIL_CHANGE_MESSAGES.passwordWrong }, 400);
        me = {
          ...me,
          first_name: body.first_name,
          pending_email: body.email === me.email ? me.pending_email : body.email,
        };
        return jsonResponse(me);
      }
      if (url === ME) return jsonResponse(me);
      if (url === '/users/me/email-change' && init.method === 'DELETE') {
        me = { ...me, pending_email: null };
        return jsonResponse(null, 204);
      }
      if (url === '/users/me/email-change/resend')
        return jsonResponse({ detail: EMAIL_CHANGE_MESSAGES.requested(me.pending_email ?? '') }, 202);
      return jsonResponse({}, 500);
    }),
  );
  return { fetchMock, patches };
}

describe('profile page: the sign-in e-mail', () => {
  beforeEach(() => {
    setAccessToken('t');
    setUser(buildUser());
  });

  it('asks for the current password only when the e-mail changes, and sends it', async () => {
    const { patches } = profileServer();
    renderRoute('/profile');
    const email = await screen.findByLabelText(/^Email/);
    expect(screen.queryByLabelText(/^Current Password/)).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, NEW_EMAIL);
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.passwordRequired)).toBeTruthy();
    expect(patches).toEqual([]);

    await userEvent.type(screen.getByLabelText(/^Current Password/), 'Rainfall#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.requested(NEW_EMAIL))).toBeTruthy();
    expect(patches[0]).toMatchObject({ email: NEW_EMAIL, current_password: 'Rainfall#2026' });
    // Until the link is followed the old address stays, and the change is shown as pending.
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('jane@example.com');
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.pending(NEW_EMAIL))).toBeTruthy();
    expect(screen.queryByLabelText(/^Current Password/)).toBeNull();
  });

  it('shows the server refusing a wrong password', async () => {
    profileServer();
    renderRoute('/profile');
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, NEW_EMAIL);
    await userEvent.type(screen.getByLabelText(/^Current Password/), 'Wrong#Guess1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EMAIL_CHANGE_MESSAGES.passwordWrong);
  });

  it('does not ask a superuser acting as the user for the password', async () => {
    const acting = buildUser({ impersonator: { id: 9, email: 'admin@pluvio.example', name: 'Ada' } });
    setUser(acting);
    const { patches } = profileServer(acting);
    renderRoute('/profile');
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, NEW_EMAIL);
    expect(screen.queryByLabelText(/^Current Password/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.requested(NEW_EMAIL))).toBeTruthy();
    expect(patches[0]).not.toHaveProperty('current_password');
  });

  it('resends the link and cancels the pending change', async () => {
    const pending = buildUser({ pending_email: NEW_EMAIL });
    setUser(pending);
    const { fetchMock } = profileServer(pending);
    renderRoute('/profile');
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.pending(NEW_EMAIL))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.requested(NEW_EMAIL))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel change' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.cancelled)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(EMAIL_CHANGE_MESSAGES.pending(NEW_EMAIL))).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/users/me/email-change' && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });
});

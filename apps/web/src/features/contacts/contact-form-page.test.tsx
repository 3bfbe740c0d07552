import { CONTACT_FLAGS, CONTACT_MESSAGES, CONTACT_NOTIFICATION_TYPES } from '@pluvio/shared/contacts';
import { INPUT_MESSAGES } from '@pluvio/shared/inputs';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAccessToken, setUser } from '../../lib/session';
import { answerConfirmation } from '../../testing/confirm';
import { buildClient, buildContact, buildUser } from '../../testing/fixtures';
import { type FetchHandler, jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

function signIn(overrides: Partial<CurrentUser> = {}) {
  setAccessToken('token-1');
  setUser(buildUser({ clients: [buildClient({ tier: 'silver' })], ...overrides }));
}

const unexpected = () => jsonResponse({ detail: 'unexpected' }, 500);

function serve(handler: FetchHandler) {
  return stubFetch(
    withConfig((url, init) =>
      url.startsWith('/api/contacts/?') && init.method === 'GET' ? jsonResponse([]) : handler(url, init),
    ),
  );
}

function input(label: RegExp | string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

/** Types a value the quick way (pasted), as the form re-renders on every key. */
async function fill(
  label: RegExp | string,
  text: string,
  user: Pick<typeof userEvent, 'click' | 'paste'> = userEvent,
) {
  await user.click(await screen.findByLabelText(label));
  await user.paste(text);
}

async function openNotificationSettings() {
  await userEvent.click(screen.getByRole('button', { name: 'Notification Settings' }));
}

describe('contact form', () => {
  it('starts a new contact with every notification on but the monthly report, which has no SMS', async () => {
    signIn();
    serve(unexpected);
    renderRoute('/contact-form');
    expect(await screen.findByRole('heading', { name: 'Add Contact' })).toBeTruthy();
    expect(input(/^Co-owner/).checked).toBe(false);
    await openNotificationSettings();
    expect(input('E-mail Notifications').checked).toBe(true);
    expect(input('SMS Notifications').checked).toBe(true);
    for (const { label } of CONTACT_NOTIFICATION_TYPES) {
      expect(input(`${label} by e-mail`).checked).toBe(true);
      expect(input(`${label} by SMS`).checked).toBe(true);
    }
    expect(input('Monthly Report by e-mail').checked).toBe(false);
    expect(screen.queryByLabelText('Monthly Report by SMS')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Assign Locations' })).toBeNull();
    expect(screen.queryByLabelText('Account Name')).toBeNull();
  });

  it('marks every wrong field at once, saying a malformed address is not valid', async () => {
    signIn();
    const fetchMock = serve(unexpected);
    renderRoute('/contact-form');
    await fill('Email', 'xavier@@bad');
    await fill('Phone', '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(CONTACT_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(INPUT_MESSAGES.email)).toBeTruthy();
    expect(screen.getByText(CONTACT_MESSAGES.phoneInvalid)).toBeTruthy();
    for (const field of [/^Name/, 'Email', 'Phone']) {
      expect(screen.getByLabelText(field).getAttribute('aria-invalid')).toBe('true');
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('asks for an e-mail address or a phone number with the spec message', async () => {
    signIn();
    serve(unexpected);
    renderRoute('/contact-form');
    await fill(/^Name/, 'Xavier');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(CONTACT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('marks the field the server refuses', async () => {
    signIn();
    const refusal = 'This address is on the suppression list';
    serve((url, init) =>
      url.startsWith('/api/contacts') && init.method === 'POST'
        ? jsonResponse({ detail: [{ loc: ['body', 'email'], msg: refusal, type: 'value_error' }] }, 422)
        : unexpected(),
    );
    renderRoute('/contact-form');
    await fill(/^Name/, 'Xavier');
    await fill('Email', 'xavier@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(input('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(refusal).length).toBeGreaterThan(0);
  });

  it('creates a contact with its notifications, says so and returns to the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const fetchMock = serve((url, init) =>
      url === '/api/contacts/?client_id=10' && init.method === 'POST'
        ? jsonResponse(buildContact({ id: 9 }), 201)
        : unexpected(),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderRoute('/contact-form');
    await fill(/^Name/, 'Kim', user);
    await fill('Email', 'Kim@Example.com', user);
    await fill('Phone', '512-555-0100', user);
    await user.click(screen.getByRole('button', { name: 'Notification Settings' }));
    await user.click(input('Forecast by SMS'));
    await user.click(input('Monthly Report by e-mail'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(CONTACT_MESSAGES.saved);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const flags = Object.fromEntries(CONTACT_FLAGS.map((flag) => [flag, flag !== 'forecast_on_sms']));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Kim',
      email: 'kim@example.com',
      phone: '512-555-0100',
      status: 'active',
      co_owner: false,
      email_notification: true,
      sms_notification: true,
      ...flags,
      monthly_report_on: true,
    });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(router.state.location.pathname).toBe('/contact-list');
  });

  it('edits a contact read by its id and shows a refusal in red', async () => {
    signIn();
    const contact = buildContact({ id: 4, co_owner: true, forecast_on: false, monthly_report_on: true });
    const fetchMock = serve((url, init) => {
      if (url === '/api/contacts/4/?client_id=10' && init.method === 'PATCH')
        return jsonResponse({ detail: CONTACT_MESSAGES.emailTaken }, 409);
      if (url === '/api/contacts/4?client_id=10') return jsonResponse(contact);
      return unexpected();
    });
    renderRoute('/contact-form?id=4');
    expect(await screen.findByRole('heading', { name: 'Edit Contact' })).toBeTruthy();
    expect((await screen.findByLabelText(/^Name/)).getAttribute('value')).toBe('Sam Site');
    expect(input(/^Co-owner/).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Assign Locations' }).getAttribute('href')).toBe(
      '/assign-locations',
    );
    await openNotificationSettings();
    expect(input('Forecast by e-mail').checked).toBe(false);
    expect(input('Monthly Report by e-mail').checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CONTACT_MESSAGES.emailTaken);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true);
  });

  it('shows the account name to the admin role, without Assign Locations', async () => {
    signIn({ role: 'admin' });
    serve((url) =>
      url === '/api/contacts/4?client_id=10' ? jsonResponse(buildContact({ id: 4 })) : unexpected(),
    );
    renderRoute('/contact-form?id=4');
    expect((await screen.findByLabelText('Account Name')).getAttribute('value')).toBe('Acme Builders');
    expect(screen.queryByRole('link', { name: 'Assign Locations' })).toBeNull();
  });

  it('says beside the SMS switches when the phone replied STOP', async () => {
    signIn();
    serve((url) =>
      url === '/api/contacts/4?client_id=10'
        ? jsonResponse(buildContact({ id: 4, sms_opted_out_at: '2026-11-21T03:00:00.000Z' }))
        : unexpected(),
    );
    renderRoute('/contact-form?id=4');
    await userEvent.click(await screen.findByRole('button', { name: 'Notification Settings' }));
    // 03:00 UTC is still the 20th in New York, the product time zone.
    expect(
      screen.getByText('Replied STOP on Nov 20, 2026: texts are off until they reply START'),
    ).toBeTruthy();
  });

  it('offers Delete only for a saved contact, after confirmation', async () => {
    signIn();
    const fetchMock = serve((url, init) => {
      if (url === '/api/contacts/4?client_id=10' && init.method === 'DELETE') return jsonResponse(null, 204);
      if (url === '/api/contacts/4?client_id=10') return jsonResponse(buildContact({ id: 4 }));
      return unexpected();
    });
    const { router } = renderRoute('/contact-form');
    expect(await screen.findByRole('heading', { name: 'Add Contact' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    await act(() => router.navigate('/contact-form?id=4'));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const question = await answerConfirmation('Delete contact');
    expect(question.text).toContain(CONTACT_MESSAGES.deleteConfirm);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/contact-list'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});

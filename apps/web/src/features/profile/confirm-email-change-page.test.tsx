import { EMAIL_CHANGE_MESSAGES } from '@pluvio/shared/users.schemas';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const CONFIRM = '/users/email-change/confirm';

describe('confirm e-mail change page', () => {
  it('confirms the new address with the link’s token, without signing in, and says so', async () => {
    const message = EMAIL_CHANGE_MESSAGES.confirmed('jane.new@example.com');
    const fetchMock = stubFetch(
      withConfig((url) => (url === CONFIRM ? jsonResponse({ detail: message }) : jsonResponse({}, 500))),
    );
    renderRoute('/confirm-email-change?token=abc');
    expect(await screen.findByText(message)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === CONFIRM);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'abc' });
  });

  it('says when the link no longer works, or the address was taken meanwhile', async () => {
    const taken = EMAIL_CHANGE_MESSAGES.takenMeanwhile('jane.new@example.com');
    stubFetch(
      withConfig((url) => (url === CONFIRM ? jsonResponse({ detail: taken }, 409) : jsonResponse({}, 500))),
    );
    renderRoute('/confirm-email-change?token=late');
    expect((await screen.findByRole('alert')).textContent).toBe(taken);
  });
});

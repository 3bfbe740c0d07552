import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const CONFIRM = '/api/report-recipients/confirm';

describe('confirm report recipient page', () => {
  it('confirms the address with the link’s token, without signing in, and says so', async () => {
    const message = QUOTA_MESSAGES.recipientConfirmed('partner@example.org', 'Acme Builders');
    const fetchMock = stubFetch(
      withConfig((url) => (url === CONFIRM ? jsonResponse({ detail: message }) : jsonResponse({}, 500))),
    );
    renderRoute('/confirm-report-recipient?token=abc');
    expect(await screen.findByText(message)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === CONFIRM);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'abc' });
  });

  it('says when the link no longer works', async () => {
    stubFetch(
      withConfig((url) =>
        url === CONFIRM
          ? jsonResponse({ detail: QUOTA_MESSAGES.confirmationBadToken }, 400)
          : jsonResponse({}, 500),
      ),
    );
    renderRoute('/confirm-report-recipient?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe(QUOTA_MESSAGES.confirmationBadToken);
  });
});

import { BILLING_MESSAGES, TEST_CHECKOUT_TEXT } from '@pluvio/shared/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../lib/browser-location';
import { type FetchHandler, jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const OPEN = {
  id: 'cs_test_7',
  tier: 'silver',
  quantity: 2,
  unit_amount: 18,
  amount: 36,
  customer_email: 'rita@example.com',
  status: 'open',
  cancel_url: '/cancel-signup?session_id=cs_test_7',
};

function serve(handler: FetchHandler) {
  return stubFetch(withConfig(handler));
}

describe('test checkout page', { timeout: 30_000 }, () => {
  it('shows the plan, price per block, quantity, total and e-mail with no shell, and pays', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const fetchMock = serve((url, init) => {
      if (url === '/api/test-checkout/cs_test_7') return jsonResponse(OPEN);
      if (url === '/api/test-checkout/cs_test_7/pay' && init.method === 'POST')
        return jsonResponse({ redirect_url: '/wizard?session_id=cs_test_7' });
      return jsonResponse({ detail: 'unexpected' }, 500);
    });
    renderRoute('/checkout/test/cs_test_7');
    expect(await screen.findByText(TEST_CHECKOUT_TEXT.banner)).toBeTruthy();
    expect(screen.getByText(TEST_CHECKOUT_TEXT.noCharge)).toBeTruthy();
    const summary = await screen.findByRole('table', { name: 'Order summary' });
    const rows = within(summary)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'PlanSilver plan',
      'Price$18.00 per 5 locations per month',
      'Quantity2 × 5 locations',
      'Total$36.00 per month',
      'Emailrita@example.com',
    ]);
    expect(screen.queryByRole('banner')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: TEST_CHECKOUT_TEXT.pay }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/wizard?session_id=cs_test_7'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/cancel'))).toHaveLength(0);
  });

  it('cancels back to the address the server gives', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    serve((url, init) => {
      if (url === '/api/test-checkout/cs_test_7') return jsonResponse(OPEN);
      if (url === '/api/test-checkout/cs_test_7/cancel' && init.method === 'POST')
        return jsonResponse({ redirect_url: OPEN.cancel_url });
      return jsonResponse({ detail: 'unexpected' }, 500);
    });
    renderRoute('/checkout/test/cs_test_7');
    await userEvent.click(await screen.findByRole('button', { name: TEST_CHECKOUT_TEXT.cancel }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(OPEN.cancel_url));
  });

  it('says a closed checkout is closed and an unknown one is not found, with a way home', async () => {
    serve((url) =>
      url === '/api/test-checkout/cs_done'
        ? jsonResponse({ ...OPEN, id: 'cs_done', status: 'complete' })
        : jsonResponse({ detail: 'Not Found' }, 404),
    );
    const { router } = renderRoute('/checkout/test/cs_done');
    expect((await screen.findByRole('alert')).textContent).toBe(BILLING_MESSAGES.checkoutClosed);
    expect(screen.queryByRole('button', { name: TEST_CHECKOUT_TEXT.pay })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Pluvio' }).getAttribute('href')).toBe('/');
    await router.navigate('/checkout/test/cs_gone');
    expect(
      (await screen.findByText(BILLING_MESSAGES.checkoutNotFound)).closest('[role="alert"]'),
    ).toBeTruthy();
  });
});

import { BILLING_MESSAGES, paymentGraceText } from '@pluvio/shared/billing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildClient } from '../testing/fixtures';
import { jsonResponse, renderWithProviders, stubFetch, withConfig } from '../testing/render';
import { PaymentNotice } from './payment-notice';

/** A date `days` from today, as the server writes it. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

describe('failed payment notice', () => {
  it('says monitoring goes on until the grace end, with the way to pay', async () => {
    stubFetch(withConfig(() => jsonResponse({}, 500)));
    const graceEnd = dayFromToday(3);
    renderWithProviders(<PaymentNotice account={buildClient({ payment_grace_end_date: graceEnd })} />);
    expect(screen.getByText(BILLING_MESSAGES.paymentFailed)).toBeTruthy();
    expect(screen.getByText(paymentGraceText(graceEnd, true))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay for your plan' }).getAttribute('href')).toBe(
      '/upgrade?client_id=10',
    );
  });

  it('says monitoring is paused once the grace period is over', () => {
    stubFetch(withConfig(() => jsonResponse({}, 500)));
    const graceEnd = dayFromToday(-1);
    renderWithProviders(<PaymentNotice account={buildClient({ payment_grace_end_date: graceEnd })} />);
    expect(screen.getByText(BILLING_MESSAGES.paymentGraceEnded)).toBeTruthy();
    expect(screen.getByText(paymentGraceText(graceEnd, false))).toBeTruthy();
  });

  it('shows nothing while payments go through', () => {
    stubFetch(withConfig(() => jsonResponse({}, 500)));
    renderWithProviders(<PaymentNotice account={buildClient()} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(BILLING_MESSAGES.paymentFailed)).toBeNull();
  });
});

import { BILLING_MESSAGES, paymentGraceText } from '@pluvio/shared/billing';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildClient } from '../testing/fixtures';
import { jsonResponse, renderWithProviders, stubFetch, withConfig } from '../testing/render';
import { PaymentNotice } from './payment-notice';

/**
 * 10 pm in New York on Thursday 26 November, already Friday the 27th in UTC: the hours in which
 * a day counted from UTC would be the wrong one. The product's days are Eastern.
 */
const THURSDAY_EVENING_IN_NEW_YORK = new Date('2026-11-27T03:00:00Z');

describe('failed payment notice', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(THURSDAY_EVENING_IN_NEW_YORK);
  });

  it('says monitoring goes on until the grace end, with the way to pay', () => {
    stubFetch(withConfig(() => jsonResponse({}, 500)));
    const graceEnd = '2026-11-29';
    renderWithProviders(<PaymentNotice account={buildClient({ payment_grace_end_date: graceEnd })} />);
    expect(screen.getByText(BILLING_MESSAGES.paymentFailed)).toBeTruthy();
    expect(screen.getByText(paymentGraceText(graceEnd, true))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay for your plan' }).getAttribute('href')).toBe(
      '/upgrade?client_id=10',
    );
  });

  it('says monitoring is paused once the grace period is over', () => {
    stubFetch(withConfig(() => jsonResponse({}, 500)));
    const graceEnd = '2026-11-25';
    renderWithProviders(<PaymentNotice account={buildClient({ payment_grace_end_date: graceEnd })} />);
    expect(screen.getByText(BILLING_MESSAGES.paymentGraceEnded)).toBeTruthy();
    expect(screen.getByText(paymentGraceText(graceEnd, false))).toBeTruthy();
  });

  it('counts the grace end day as Eastern time does, not UTC', () => {
    stubFetch(withConfig(() => jsonResponse({}, 500)));
    const graceEnd = '2026-11-26';
    renderWithProviders(<PaymentNotice account={buildClient({ payment_grace_end_date: graceEnd })} />);
    expect(screen.getByText(BILLING_MESSAGES.paymentFailed)).toBeTruthy();
    expect(screen.getByText(paymentGraceText(graceEnd, true))).toBeTruthy();
  });

  it('shows nothing while payments go through', () => {
    stubFetch(withConfig(() => jsonResponse({}, 500)));
    renderWithProviders(<PaymentNotice account={buildClient()} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(BILLING_MESSAGES.paymentFailed)).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildClient, buildUser } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render';
import { VerifyEmailNotice } from './verify-email-notice';

const TITLE = 'Verify your e-mail address to receive alerts';

describe('verify e-mail notice', () => {
  it('tells the owner of a trial that its messages wait for their verified address', () => {
    const trial = buildClient({ is_trial_account: true, membership: 'owner' });
    renderWithProviders(<VerifyEmailNotice user={buildUser({ is_verified: false })} account={trial} />);
    expect(screen.getByText(TITLE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send the link again' }).getAttribute('href')).toBe(
      '/resend-verification',
    );
  });

  it.each([
    ['a verified owner', true, true, 'owner'],
    ['a paid account', false, false, 'owner'],
    ['a contact of the trial', false, true, 'contact'],
  ] as const)('says nothing to %s', (_who, verified, trial, membership) => {
    const account = buildClient({ is_trial_account: trial, membership });
    renderWithProviders(<VerifyEmailNotice user={buildUser({ is_verified: verified })} account={account} />);
    expect(screen.queryByText(TITLE)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { switchableAccounts, trialDaysRemaining, trialEnded } from './accounts';
import { errorMessage } from './errors';
import { landingAfterLogin } from './landing';
import { isStrongPassword } from './passwords';
import { formatPhone, isRegistrationPhone } from './phone';
import { buildClient, buildUser } from './test-users';

describe('password rule', () => {
  it.each([
    ['Rainfall#2026', true],
    ['rainfall#2026', false],
    ['RAINFALL#2026', false],
    ['Rainfall#', false],
    ['Rainfall2026', false],
    ['Ra#1', false],
  ])('%s is %s', (password, ok) => {
    expect(isStrongPassword(password)).toBe(ok);
  });
});

describe('phone display', () => {
  it.each([
    ['7135550101', '713-555-0101'],
    ['(713) 555-0101', '713-555-0101'],
    ['17135550101', '1-713-555-0101'],
    ['27135550101', '27135550101'],
    ['', 'N/A'],
    [null, 'N/A'],
  ])('%s shows as %s', (raw, shown) => {
    expect(formatPhone(raw)).toBe(shown);
  });

  it('accepts the characters the registration form allows', () => {
    expect(isRegistrationPhone('+1 (713) 555.0101')).toBe(true);
    expect(isRegistrationPhone('713-555-01')).toBe(false);
    expect(isRegistrationPhone('713x5550101')).toBe(false);
  });
});

describe('trial days remaining', () => {
  // 23:30 in New York on 21 November is already 22 November in UTC and in Kiritimati.
  const lateEvening = new Date('2026-11-22T04:30:00Z');
  it('counts whole days from today in the product time zone, wherever the browser is', () => {
    expect(trialDaysRemaining('2026-12-03', 'America/New_York', lateEvening)).toBe(12);
    expect(trialDaysRemaining('2026-12-03', 'UTC', lateEvening)).toBe(11);
    expect(trialDaysRemaining('2026-11-21', 'America/New_York', lateEvening)).toBe(0);
  });
  it('never goes below 0', () => {
    expect(trialDaysRemaining('2026-11-01', 'America/New_York', lateEvening)).toBe(0);
    expect(trialDaysRemaining(null, 'America/New_York', lateEvening)).toBe(0);
  });
  it('ends a trial the day after its end date, as monitoring does', () => {
    expect(trialEnded('2026-11-21', 'America/New_York', lateEvening)).toBe(false);
    expect(trialEnded('2026-11-20', 'America/New_York', lateEvening)).toBe(true);
    expect(trialEnded(null, 'America/New_York', lateEvening)).toBe(false);
  });
});

describe('account switcher', () => {
  it('leaves archived accounts out', () => {
    expect(
      switchableAccounts([{ status: 'active' }, { status: 'archived' }, { status: 'pending' }]),
    ).toHaveLength(2);
  });
});

describe('error messages', () => {
  it('uses the detail string, or the first msg of a list', () => {
    expect(errorMessage({ detail: 'LOGIN_BAD_CREDENTIALS' }, 'x')).toBe('LOGIN_BAD_CREDENTIALS');
    expect(errorMessage({ detail: [{ loc: ['body'], msg: 'Bad', type: 't' }] }, 'x')).toBe('Bad');
    expect(errorMessage('nonsense', 'fallback')).toBe('fallback');
  });
});

describe('landing after login', () => {
  const base = buildUser();
  const active = buildClient();

  it('sends owners to the dashboard and the admin role to /admin', () => {
    expect(landingAfterLogin(base)).toEqual({ path: '/dashboard' });
    expect(landingAfterLogin({ ...base, role: 'admin' })).toEqual({ path: '/admin' });
  });
  it('sends a pending account to the wizard', () => {
    expect(landingAfterLogin({ ...base, clients: [{ ...active, status: 'pending' }] })).toEqual({
      path: '/wizard',
    });
  });
  it('stops a contact with no locations and a user with no account', () => {
    expect(landingAfterLogin({ ...base, role: 'contact', location_count: 0 })).toEqual({
      error: 'Ask the account owner to assign you to a location',
    });
    expect(landingAfterLogin({ ...base, clients: [] })).toEqual({
      error: 'Client Account information missing for this user',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES } from './locations';
import { PASSWORD_MESSAGE } from './passwords';
import {
  EMPTY_WIZARD_LOCATION,
  signupRequestSchema,
  WIZARD_MESSAGES,
  type WizardLocationValues,
  type WizardUserValues,
  wizardAsksRapidrain,
  wizardLocationError,
  wizardStepTitle,
  wizardUserError,
} from './signup';

const EMPTY_USER: WizardUserValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  confirm_password: '',
  terms_accepted: false,
};

describe('wizard step 1', () => {
  it('names the first missing or wrong field in the order of the spec, one at a time', () => {
    const steps: [Partial<WizardUserValues>, string | null][] = [
      [{}, WIZARD_MESSAGES.firstNameRequired],
      [{ first_name: 'Rita' }, WIZARD_MESSAGES.lastNameRequired],
      [{ last_name: 'Rain' }, WIZARD_MESSAGES.emailRequired],
      [{ email: 'rita@' }, WIZARD_MESSAGES.emailInvalid],
      [{ email: 'rita@example.com' }, WIZARD_MESSAGES.phoneRequired],
      [{ phone: '555-12' }, WIZARD_MESSAGES.phoneInvalid],
      [{ phone: '+1 (713) 555-0101' }, WIZARD_MESSAGES.passwordsRequired],
      [{ password: 'weakling' }, WIZARD_MESSAGES.passwordsRequired],
      [{ confirm_password: 'weaklinG' }, WIZARD_MESSAGES.passwordsDiffer],
      [{ confirm_password: 'weakling' }, PASSWORD_MESSAGE],
      [{ password: 'Rainfall#1', confirm_password: 'Rainfall#1' }, WIZARD_MESSAGES.termsRequired],
      [{ terms_accepted: true }, null],
    ];
    let values = EMPTY_USER;
    for (const [change, expected] of steps) {
      values = { ...values, ...change };
      expect(wizardUserError(values), JSON.stringify(change)).toBe(expected);
    }
  });

  it('ignores surrounding spaces and accepts the phone punctuation of the spec', () => {
    const complete: WizardUserValues = {
      first_name: ' Rita ',
      last_name: 'Rain',
      email: ' rita@example.com ',
      phone: '713.555.0101',
      password: 'Rainfall#1',
      confirm_password: 'Rainfall#1',
      terms_accepted: true,
    };
    expect(wizardUserError(complete)).toBeNull();
    expect(wizardUserError({ ...complete, first_name: '   ' })).toBe(WIZARD_MESSAGES.firstNameRequired);
    expect(wizardUserError({ ...complete, phone: '713-555-01x1' })).toBe(WIZARD_MESSAGES.phoneInvalid);
  });
});

describe('wizard step 3', () => {
  const location = (change: Partial<WizardLocationValues>): WizardLocationValues => ({
    ...EMPTY_WIZARD_LOCATION,
    ...change,
  });

  it('starts at the default threshold with RapidRain following it', () => {
    expect(EMPTY_WIZARD_LOCATION.h24_threshold).toBe(0.5);
    expect(EMPTY_WIZARD_LOCATION.rapidrain_threshold).toBeNull();
  });

  it('names the first missing or wrong field in the order of the table', () => {
    const steps: [Partial<WizardLocationValues>, string | null][] = [
      [{}, LOCATION_MESSAGES.nameRequired],
      [{ name: 'Yard' }, LOCATION_MESSAGES.latitudeRequired],
      [{ latitude: '50' }, LOCATION_MESSAGES.latitudeRange],
      [{ latitude: 'north' }, LOCATION_MESSAGES.latitudeRange],
      [{ latitude: '29.76' }, LOCATION_MESSAGES.longitudeRequired],
      [{ longitude: '-125' }, LOCATION_MESSAGES.wizardLongitudeRange],
      [{ longitude: '-123.5' }, null],
      [{ h24_threshold: 0.3 }, LOCATION_MESSAGES.h24Threshold],
      [{ h24_threshold: 1 }, null],
      [{ rapidrain_threshold: 0.2 }, LOCATION_MESSAGES.rapidrainThreshold],
      [{ rapidrain_threshold: 0.25 }, null],
    ];
    let values = location({});
    for (const [change, expected] of steps) {
      values = { ...values, ...change };
      expect(wizardLocationError(values, true), JSON.stringify(change)).toBe(expected);
    }
  });

  it('takes a positive longitude as west and skips RapidRain when it is not asked', () => {
    const values = location({ name: 'Yard', latitude: '29.76', longitude: '95.37', rapidrain_threshold: 9 });
    expect(wizardLocationError(values, false)).toBeNull();
    expect(wizardLocationError(values, true)).toBe(LOCATION_MESSAGES.rapidrainThreshold);
  });

  it('asks for RapidRain at gold and silver and in a trial, not at bronze', () => {
    expect(wizardAsksRapidrain('trial', 'bronze')).toBe(true);
    expect(wizardAsksRapidrain('paid', 'gold')).toBe(true);
    expect(wizardAsksRapidrain('paid', 'silver')).toBe(true);
    expect(wizardAsksRapidrain('paid', 'bronze')).toBe(false);
  });
});

describe('wizard header', () => {
  it('names the step and the level, the trial as its own level', () => {
    expect(wizardStepTitle(1, 'trial', 'gold')).toBe('Step 1 of 3 for new Trial account');
    expect(wizardStepTitle(2, 'paid', 'silver')).toBe('Step 2 of 3 for new Silver account');
    expect(wizardStepTitle(3, 'paid', 'bronze')).toBe('Step 3 of 3 for new Bronze account');
  });

  it('stays at step 3 of 3 while the account is provisioned', () => {
    expect(wizardStepTitle(4, 'paid', 'gold')).toBe('Step 3 of 3 for new Gold account');
  });
});

describe('sign-up request', () => {
  const request = {
    email: 'rita@example.com',
    password: 'Rainfall#1',
    first_name: 'Rita',
    last_name: 'Rain',
    phone: '7135550101',
    terms_accepted: true,
    account_type: 'trial',
    location: { name: 'Yard', latitude: 29.76, longitude: 95.37 },
  };

  it('fills the defaults: gold, no text consent, the default threshold, longitude west', () => {
    const parsed = signupRequestSchema.parse(request);
    expect(parsed.tier).toBe('gold');
    expect(parsed.sms_accepted).toBe(false);
    expect(parsed.location).toEqual({ name: 'Yard', latitude: 29.76, longitude: -95.37, h24_threshold: 0.5 });
  });

  it('refuses unaccepted terms and a weak password with the wizard messages', () => {
    const messages = (change: object) =>
      signupRequestSchema.safeParse({ ...request, ...change }).error?.issues.map((issue) => issue.message);
    expect(messages({ terms_accepted: false })).toEqual([WIZARD_MESSAGES.termsRequired]);
    expect(messages({ password: 'weakling' })).toEqual([PASSWORD_MESSAGE]);
  });
});

import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, twilioSignature } from './twilio-signature';

// The worked example of Twilio's webhook security documentation and its libraries' tests.
const AUTH_TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = {
  Digits: '1234',
  To: '+18005551212',
  From: '+14158675309',
  Caller: '+14158675309',
  CallSid: 'CA1234567890ABCDE',
};
const SIGNATURE = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe('Twilio request signature', () => {
  it("matches Twilio's published example", () => {
    expect(twilioSignature(AUTH_TOKEN, URL, PARAMS)).toBe(SIGNATURE);
    expect(isValidTwilioSignature(AUTH_TOKEN, URL, PARAMS, SIGNATURE)).toBe(true);
  });

  it("signs a repeated parameter's distinct values in sorted order", () => {
    const params = { Sid: 'CA123', SidAccount: 'AC123', Digits: ['5678', '1234', '1234'] };
    expect(twilioSignature(AUTH_TOKEN, URL, params)).toBe('IK+Dwps556ElfBT0I3Rgjkr1wJU=');
  });

  it('refuses a changed parameter, URL or token, and a signature of another length', () => {
    expect(isValidTwilioSignature(AUTH_TOKEN, URL, { ...PARAMS, Digits: '9999' }, SIGNATURE)).toBe(false);
    expect(isValidTwilioSignature(AUTH_TOKEN, `${URL}&x=1`, PARAMS, SIGNATURE)).toBe(false);
    expect(isValidTwilioSignature('54321', URL, PARAMS, SIGNATURE)).toBe(false);
    expect(isValidTwilioSignature(AUTH_TOKEN, URL, PARAMS, 'short')).toBe(false);
    expect(isValidTwilioSignature(AUTH_TOKEN, URL, PARAMS, '')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CONTACT_BULK_DELETE,
  CONTACT_FLAGS,
  CONTACT_MESSAGES,
  CONTACTS_PER_BULK_DELETE,
  contactBulkDeleteSchema,
  contactCreateSchema,
  contactPatchSchema,
  isContactFormPhone,
} from './contacts';

describe('contact form phone', () => {
  it.each([
    '512-555-0100',
    '5125550100',
    '512 555 0100',
    '(512) 555-0100',
    '+1 512-555-0100',
    '1 512 555 0100',
    '555-0100',
    ' 512-555-0100 ',
  ])('accepts %s', (phone) => {
    expect(isContactFormPhone(phone)).toBe(true);
  });

  it.each(['512.555.0100', '555-010', '512-555-01000', 'call me', ''])('refuses %s', (phone) => {
    expect(isContactFormPhone(phone)).toBe(false);
  });
});

describe('contact form', () => {
  it('needs a name', () => {
    const result = contactCreateSchema.safeParse({ name: ' ', phone: '512-555-0100' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([CONTACT_MESSAGES.nameRequired]);
    expect(CONTACT_MESSAGES.nameRequired).toBe('A name is required for this contact');
  });

  it('takes an e-mail address or a phone number, either alone', () => {
    expect(contactCreateSchema.parse({ name: 'A', email: ' Lee@Example.COM ' }).email).toBe(
      'lee@example.com',
    );
    expect(contactCreateSchema.parse({ name: 'A', phone: '512-555-0100', email: '' })).toMatchObject({
      phone: '512-555-0100',
      email: null,
    });
  });

  it('refuses a contact with neither, and says so on the e-mail field', () => {
    const result = contactCreateSchema.safeParse({ name: 'A', email: '', phone: ' ' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['email'], message: CONTACT_MESSAGES.emailInvalid }),
    ]);
  });

  it('says a malformed address is not valid, and checks the phone with the spec message', () => {
    for (const email of ['lee@example', 'xavier@@bad']) {
      const badEmail = contactCreateSchema.safeParse({ name: 'A', email });
      expect(badEmail.error?.issues[0]?.message).toBe('Please enter a valid email address.');
    }
    const badPhone = contactCreateSchema.safeParse({ name: 'A', phone: '555-01' });
    expect(badPhone.error?.issues[0]?.message).toBe('Please enter a valid phone number');
  });

  it('edits any subset of the fields', () => {
    expect(contactPatchSchema.parse({})).toEqual({});
    expect(contactPatchSchema.parse({ co_owner: true, forecast_on_sms: false })).toEqual({
      co_owner: true,
      forecast_on_sms: false,
    });
  });

  it('has an e-mail and an SMS flag for each notification type', () => {
    expect(CONTACT_FLAGS).toEqual([
      'daily_report_on',
      'daily_report_on_sms',
      'exceed24h_on',
      'exceed24h_on_sms',
      'forecast_on',
      'forecast_on_sms',
      'atlas14_24h_on',
      'atlas14_24h_on_sms',
      'atlas14_1h_on',
      'atlas14_1h_on_sms',
      'atlas14_first_on',
      'atlas14_first_on_sms',
    ]);
  });
});

describe('bulk delete', () => {
  it('takes at most CONTACTS_PER_BULK_DELETE ids and says so plainly', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
    expect(contactBulkDeleteSchema.safeParse({ ids: ids(CONTACTS_PER_BULK_DELETE) }).success).toBe(true);
    const over = contactBulkDeleteSchema.safeParse({ ids: ids(CONTACTS_PER_BULK_DELETE + 1) });
    expect(over.error?.issues[0]?.message).toBe(
      'At most 5,000 contacts can be deleted at once. Select fewer and delete them in turns.',
    );
    expect(contactBulkDeleteSchema.safeParse({ ids: [] }).success).toBe(false);
  });

  it('names how many contacts and what happens to their logins and assignments', () => {
    const asked = CONTACT_BULK_DELETE.confirmation(3);
    expect(asked.title).toBe('Delete 3 contacts?');
    expect(asked.question).toBe('Are you sure you want to delete these 3 contacts?');
    expect(asked.consequence).toMatch(/location assignments.*logins stay/);
    expect(asked.confirmLabel).toBe('Delete 3 contacts');
    expect(CONTACT_BULK_DELETE.deleted(1)).toBe('1 contact deleted.');
  });
});

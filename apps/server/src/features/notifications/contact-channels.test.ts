import { describe, expect, it } from 'vitest';
import { contactChannels, type Notice, type NotifiableContact } from './contact-channels';

const contact = (changes: Partial<NotifiableContact> = {}): NotifiableContact => ({
  status: 'active',
  email: 'ana@example.com',
  phone: '713-555-0101',
  emailNotification: true,
  smsNotification: true,
  flags: {
    exceed24h_on: true,
    exceed24h_on_sms: true,
    daily_report_on: true,
    daily_report_on_sms: true,
    atlas14_24h_on: true,
    atlas14_24h_on_sms: true,
    atlas14_first_on: false,
    atlas14_first_on_sms: false,
  },
  ...changes,
});
const notice = (type: Notice['type'], repeat = false): Notice => ({ type, repeat });
const channelsOf = (changes: Partial<NotifiableContact>, told = notice('exceed24h_on')) =>
  contactChannels(contact(changes), told).map((channel) => channel.channel);

describe('who is told of a notice, and how', () => {
  it('tells an active contact by e-mail and by SMS, the number written as E.164', () => {
    expect(contactChannels(contact(), notice('daily_report_on'))).toEqual([
      { channel: 'email', address: 'ana@example.com' },
      { channel: 'sms', address: '+17135550101' },
    ]);
  });

  it('tells an inactive contact nothing', () => {
    expect(channelsOf({ status: 'inactive' })).toEqual([]);
  });

  it('uses a channel only when its master switch is on', () => {
    expect(channelsOf({ emailNotification: false })).toEqual(['sms']);
    expect(channelsOf({ smsNotification: false })).toEqual(['email']);
  });

  it("uses a channel only when the notice type's flag for it is on", () => {
    const flags = { ...contact().flags, daily_report_on: false };
    expect(channelsOf({ flags }, notice('daily_report_on'))).toEqual(['sms']);
    expect(channelsOf({ flags }, notice('exceed24h_on'))).toEqual(['email', 'sms']);
    expect(
      channelsOf({ flags: { ...flags, daily_report_on_sms: false } }, notice('daily_report_on')),
    ).toEqual([]);
  });

  it('needs an address for e-mail and a usable number for SMS', () => {
    expect(channelsOf({ email: null })).toEqual(['sms']);
    expect(channelsOf({ phone: null })).toEqual(['email']);
    expect(channelsOf({ phone: '12345' })).toEqual(['email']);
  });

  it("skips an Atlas 14 event's repeats on the channels where the contact asked for the first only", () => {
    const flags = { ...contact().flags, atlas14_first_on: true };
    expect(channelsOf({ flags }, notice('atlas14_24h_on'))).toEqual(['email', 'sms']);
    expect(channelsOf({ flags }, notice('atlas14_24h_on', true))).toEqual(['sms']);
    expect(channelsOf({ flags }, notice('exceed24h_on', true))).toEqual(['email', 'sms']);
  });
});

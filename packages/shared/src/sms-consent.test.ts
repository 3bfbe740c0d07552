import { describe, expect, it } from 'vitest';
import { smsKeywordOf, smsKeywordReply } from './sms-consent';

describe('SMS keywords', () => {
  it.each([
    ['STOP', 'stop', 'STOP'],
    [' stop ', 'stop', 'STOP'],
    ['Stop All', 'stop', 'STOPALL'],
    ['unsubscribe', 'stop', 'UNSUBSCRIBE'],
    ['cancel', 'stop', 'CANCEL'],
    ['End', 'stop', 'END'],
    ['quit\n', 'stop', 'QUIT'],
    ['start', 'start', 'START'],
    ['yes', 'start', 'YES'],
    ['UnStop', 'start', 'UNSTOP'],
    ['help', 'help', 'HELP'],
    ['info', 'help', 'INFO'],
  ])('reads %j as %s', (body, kind, keyword) => {
    expect(smsKeywordOf(body)).toEqual({ kind, keyword });
  });

  it.each(['', 'please stop', 'stopped', 'thanks'])('reads %j as no keyword', (body) => {
    expect(smsKeywordOf(body)).toBeNull();
  });

  it('answers HELP with the support address', () => {
    expect(smsKeywordReply('help', 'help@pluvio.example')).toBe(
      'Pluvio rainfall alerts: reply STOP to unsubscribe, START to resubscribe. Help: help@pluvio.example',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { logFormat } from './log';

describe('log format', () => {
  it('is readable lines in a terminal and JSON lines for a collector, unless set', () => {
    expect(logFormat({ LOG_LEVEL: 'info', LOG_FORMAT: 'auto' }, true)).toBe('pretty');
    expect(logFormat({ LOG_LEVEL: 'info', LOG_FORMAT: 'auto' }, false)).toBe('json');
    expect(logFormat({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });
});

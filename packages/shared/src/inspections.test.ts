import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from './inputs';
import { INSPECTION_MESSAGES, inspectionCreateSchema, inspectionPatchSchema } from './inspections';

describe('inspection inputs', () => {
  const at = '2026-11-10T11:30:00-05:00';

  it('take a time with its offset and default the rest to nothing', () => {
    expect(inspectionCreateSchema.parse({ inspected_at: at })).toEqual({
      inspected_at: at,
      bmps: [],
      findings: '',
      notes: '',
      corrective_actions: [],
    });
  });

  it('keep line breaks and tabs in findings and notes, trimmed, but no other control characters', () => {
    const parsed = inspectionCreateSchema.parse({
      inspected_at: at,
      findings: '  Fence down.\n\tNE corner.\r\n',
    });
    expect(parsed.findings).toBe('Fence down.\n\tNE corner.');
    const refused = inspectionCreateSchema.safeParse({ inspected_at: at, notes: 'bell\u0007' });
    expect(refused.error?.issues[0]?.message).toBe(INPUT_MESSAGES.controlCharacters);
  });

  it('refuse a time without its offset, and a BMP on two lines', () => {
    const noOffset = inspectionCreateSchema.safeParse({ inspected_at: '2026-11-10 11:30' });
    expect(noOffset.error?.issues[0]?.message).toBe(INSPECTION_MESSAGES.inspectedAt);
    expect(inspectionCreateSchema.safeParse({ inspected_at: at, bmps: ['Silt\nfence'] }).success).toBe(false);
  });

  it('leave out of a patch what is not given, so the saved value stays', () => {
    expect(inspectionPatchSchema.parse({ notes: 'Crew told.' })).toEqual({ notes: 'Crew told.' });
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { fieldErrors, fieldPathErrors, pathErrors } from './form-validation';

const refusal = new ApiError(422, {
  detail: [
    { loc: ['body', 'corrective_actions', 0, 'description'], msg: 'Describe it' },
    { loc: ['body', 'inspected_at'], msg: 'Not in the future' },
    { loc: ['body', 'inspected_at'], msg: 'A second message' },
  ],
});

describe('form errors', () => {
  it('names a list item’s field by its whole path', () => {
    const schema = z.object({ rows: z.array(z.object({ name: z.string().min(1, 'Name it') })) });
    expect(pathErrors(schema, { rows: [{ name: 'a' }, { name: '' }] })).toEqual({ 'rows.1.name': 'Name it' });
    expect(pathErrors(schema, { rows: [] })).toEqual({});
  });

  it('reads a refused save’s fields by their last name or by their whole path, first message each', () => {
    expect(fieldErrors(refusal)).toEqual({ description: 'Describe it', inspected_at: 'Not in the future' });
    expect(fieldPathErrors(refusal)).toEqual({
      'corrective_actions.0.description': 'Describe it',
      inspected_at: 'Not in the future',
    });
    expect(fieldPathErrors(new ApiError(403, { detail: 'No' }))).toEqual({});
  });
});

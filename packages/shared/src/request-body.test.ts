import { describe, expect, it } from 'vitest';
import { encodeRequestBody } from './request-body';

describe('request bodies', () => {
  it('sends a sign-in form URL-encoded, JSON otherwise, and nothing without either', () => {
    expect(encodeRequestBody({ form: { username: 'a+b@example.com', password: 'p w' } })).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      body: 'username=a%2Bb%40example.com&password=p+w',
    });
    expect(encodeRequestBody({ json: { ids: [1, 2] } })).toEqual({
      contentType: 'application/json',
      body: '{"ids":[1,2]}',
    });
    expect(encodeRequestBody({ json: null })?.body).toBe('null');
    expect(encodeRequestBody({})).toBeUndefined();
  });
});

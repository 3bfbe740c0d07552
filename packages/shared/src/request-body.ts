/** How the app's clients send a body to the API: a sign-in form, or JSON. */
export interface EncodedBody {
  body: string;
  contentType: 'application/x-www-form-urlencoded' | 'application/json';
}

/** A form's fields URL-encoded (the sign-in route reads them so), else the JSON value; none without either. */
export function encodeRequestBody(options: {
  form?: Record<string, string>;
  json?: unknown;
}): EncodedBody | undefined {
  if (options.form) {
    return {
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(options.form).toString(),
    };
  }
  if (options.json !== undefined)
    return { contentType: 'application/json', body: JSON.stringify(options.json) };
  return undefined;
}

import { encode, type ZodType } from 'zod';

/**
 * An answer already serialised, part by part, by its route's response schema (parts kept between
 * requests, so a new answer joins text instead of encoding objects): cached answers send it as it is.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** `"key":value`, the value encoded by `schema`: a member of an object that `jsonObjectOf` joins. */
export function jsonMember<T>(key: string, schema: ZodType<T>, value: T): string {
  return `${JSON.stringify(key)}:${JSON.stringify(encode(schema, value))}`;
}

/** A JSON object of members serialised by `jsonMember`. */
export function jsonObjectOf(members: readonly string[]): string {
  return `{${members.join(',')}}`;
}

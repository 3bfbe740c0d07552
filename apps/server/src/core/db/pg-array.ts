/**
 * A PostgreSQL array literal (`{1,2,3}`) sent as ONE text parameter, cast in the query
 * (`${pgArray(ids)}::int[]`). Drizzle would spread a JS array into one parameter per element,
 * and a 100,000-location field would pass PostgreSQL's 65,535-parameter limit.
 */
export function pgArray(values: readonly (number | string | Date)[]): string {
  const items = values.map((value) => {
    if (typeof value === 'number') return String(value);
    const text = value instanceof Date ? value.toISOString() : value;
    return `"${text.replace(/["\\]/g, '\\$&')}"`;
  });
  return `{${items.join(',')}}`;
}

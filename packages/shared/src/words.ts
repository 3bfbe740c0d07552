/** A count as people write it: thousands separated ('5,009'). */
export function countLabel(value: number): string {
  return value.toLocaleString('en-US');
}

/** A count with its noun in the right number: '1 location', '5,009 locations', '2 entries'. */
export function plural(value: number, one: string, many = `${one}s`): string {
  return `${countLabel(value)} ${value === 1 ? one : many}`;
}

/** A choice list's values in the order of its labels: the one list a `z.enum` and a picker both take. */
export function valuesOf<V extends string>(labels: Record<V, string>): [V, ...V[]] {
  return Object.keys(labels) as [V, ...V[]];
}

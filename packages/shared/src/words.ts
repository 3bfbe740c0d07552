/** A count as people write it: thousands separated ('5,009'). */
export function countLabel(value: number): string {
  return value.toLocaleString('en-US');
}

/** A count with its noun in the right number: '1 location', '5,009 locations', '2 entries'. */
export function plural(value: number, one: string, many = `${one}s`): string {
  return `${countLabel(value)} ${value === 1 ? one : many}`;
}

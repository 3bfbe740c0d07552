/** A LIKE pattern that finds `text` anywhere: `%`, `_` and `\` in it match themselves once escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

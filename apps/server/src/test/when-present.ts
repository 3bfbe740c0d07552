import { describe, it, type TestFunction } from 'vitest';

/**
 * `describe` and `it` for tests that read files kept outside the repository (or tools not every
 * machine has): where they are absent the tests are skipped, and their names say why.
 */
export function whenPresent(present: boolean, absence: string) {
  const named = (name: string) => (present ? name : `${name} (skipped: ${absence})`);
  return {
    describe: (name: string, body: () => void) => describe.skipIf(!present)(named(name), body),
    it: (name: string, body: TestFunction, timeout?: number) =>
      it.skipIf(!present)(named(name), body, timeout),
  };
}

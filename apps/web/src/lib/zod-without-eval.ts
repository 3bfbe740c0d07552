/**
 * What `zod` means in the web build (vite.config.ts points it here): the same library, set before
 * any schema is built to parse without compiling code. zod otherwise probes for `new Function`,
 * which the CSP (script-src 'self', no eval) refuses: a violation in the console on every page.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';

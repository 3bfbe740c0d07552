import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The files of a worker share one module graph: the app's 400 modules load once per worker,
    // not once per file (5 s a file, two thirds of the old run). No server test mocks a module or
    // fakes timers; each builds its own app, database and temporary data folder.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // The files of a worker share one module graph (Mantine, React and the app load once per
    // worker, not once per file): vitest.setup.ts resets what a test leaves behind, and no file
    // may vi.mock a module, as the mock would reach the files after it (no-vi-mock.grit, in Biome).
    isolate: false,
    // A bound against hangs, not a speed check: on a loaded 2-core machine a page test can take 5 s.
    testTimeout: 15_000,
  },
});

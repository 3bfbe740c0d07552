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
    // A bound against hangs, not a speed check: on a loaded 2-core machine a page test can take 5 s.
    testTimeout: 15_000,
  },
});

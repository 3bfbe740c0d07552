import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';
const proxied = ['/api', '/auth', '/users', '/docs', '/healthz'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)),
      },
    ],
  },
  // Vite stamps this marker on every script/style tag and adds a csp-nonce meta tag;
  // the server replaces it with a fresh nonce per request.
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks cache longer.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Only maps load these (the dashboard, an opened point picker); out of 'vendor', sign-in stays light.
            { name: 'map', test: /node_modules[\\/](leaflet|supercluster|kdbush|topojson-client)[\\/]/ },
            { name: 'us-states', test: /node_modules[\\/]us-atlas[\\/]/ },
            { name: 'charts', test: /node_modules[\\/](chart\.js|react-chartjs-2|@kurkle)[\\/]/ },
          ],
        },
      },
    },
  },
});

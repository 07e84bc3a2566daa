/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs beside Vite: the same-origin paths it serves are proxied to it.
const API_TARGET = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  // The build sees the server's OAUTH_CLIENT_ID / OAUTH_CLIENT_SECRET: one set of variables for both, so
  // a production server that refuses the default secret is never paired with a web app that sends it.
  envPrefix: ['VITE_', 'OAUTH_CLIENT_'],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/oauth': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The strict CSP (script-src 'self') forbids inline scripts: keep every asset a separate file.
    assetsInlineLimit: 0,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API runs on port 3000 in development; the production server serves both from one origin.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  build: {
    // Fonts and images stay separate files: the CSP (`default-src 'self'`) and caching both prefer it.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1500,
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Carbon's own sources trigger Sass deprecation notices we cannot fix.
        quietDeps: true,
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});

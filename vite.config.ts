import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// One config for three builds:
// - `vite` / `vite build --mode demo`: the console with the bundled mock (MSW service worker);
// - `vite build`: the console for a real Gateway (mock code is never loaded, see src/app/bootstrap.ts).
export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    // The dev server and the demo build answer from the bundled mock unless VITE_API_MODE=real.
    __DEMO_DEFAULT__: JSON.stringify(mode === 'development' || mode === 'demo'),
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The bundled mock (msw + seed) is one lazily loaded ~520 KB chunk that real deployments never load.
    chunkSizeWarningLimit: 600,
  },
}))

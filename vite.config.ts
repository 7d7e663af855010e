import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { messageCatalogs } from './scripts/catalog-plugin.ts'
import { contentSecurityPolicy } from './src/lib/content-security-policy.ts'

/**
 * Serves the built console with its Content-Security-Policy, computed from the console-config.json
 * being served, so pointing the console at another Gateway needs no rebuild. Production servers
 * should send the same header (see README); the dev server is left alone because hot reload
 * injects inline scripts.
 */
function consoleCsp(): Plugin {
  return {
    name: 'console-csp',
    configurePreviewServer(server) {
      const outDir = server.config.build.outDir
      server.middlewares.use((_request, response, next) => {
        let apiBaseUrl = ''
        try {
          const config = JSON.parse(readFileSync(join(outDir, 'console-config.json'), 'utf8')) as {
            apiBaseUrl?: unknown
          }
          apiBaseUrl = typeof config.apiBaseUrl === 'string' ? config.apiBaseUrl : ''
        } catch {
          // No config file: same-origin only.
        }
        // Gateways the console may be pointed at later, allowed by whoever runs the server.
        const extra = (process.env.CONSOLE_CSP_CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean)
        response.setHeader('Content-Security-Policy', contentSecurityPolicy(apiBaseUrl, extra))
        next()
      })
    },
  }
}

// One config for three builds:
// - `vite` / `vite build --mode demo`: the console with the bundled mock (MSW service worker);
// - `vite build`: the console for a real Gateway (mock code is never loaded, see src/app/bootstrap.ts).
export default defineConfig(({ mode }) => ({
  plugins: [messageCatalogs(), react(), tailwindcss(), consoleCsp()],
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

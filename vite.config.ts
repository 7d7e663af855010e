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
 * being served, so pointing the console at another Gateway needs no rebuild. deploy/ renders
 * the same header for nginx (see README, "Deploy"); the dev server is left alone because hot reload
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

/**
 * react-router's build names its components for the developer tools (`Form.displayName = …`) and
 * wraps them in `React.forwardRef(…)` calls the bundler must assume have effects; either keeps a
 * component in the bundle when nothing imports it (its `Form`, `ScrollRestoration`, framework-mode
 * prefetching). Marking those calls pure and dropping the names lets the unused ones go.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        return (
          code
            .replace(/\b(React\d*)\.(forwardRef|createContext|memo)\(/g, '/* @__PURE__ */ $1.$2(')
            .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
            // Its production build still carries its developer warnings (English prose for
            // console.warn, 0.6 KB of the gzip entry); `false && warning(…)` is dead code the
            // minifier drops, arguments and all. The invariants that throw are left alone.
            .replace(/(?<!function )\bwarning\(/g, 'false && warning(')
        )
      },
    },
  }
}

// One build for every deployment: console-config.json (read at start-up) chooses the bundled mock
// or a real Gateway, and a real-API console never loads the mock's chunk (see src/app/main.tsx).
// VITE_API_MODE / VITE_API_BASE_URL, set for `vite` or `vite build`, override the file
// (src/lib/runtime-config.ts).
export default defineConfig(({ mode }) => ({
  plugins: [messageCatalogs(), react(), tailwindcss(), consoleCsp(), reactRouterTreeShaking()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // react-router's package exports name only its development build (warnings and checks
      // for the developer); the production build ships beside it.
      ...(mode === 'production'
        ? {
            'react-router': fileURLToPath(
              new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
            ),
          }
        : {}),
    },
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    // Every browser the es2022 target admits supports <link rel="modulepreload">; the polyfill
    // would only cost first-load bytes.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // The bundled mock (msw + seed) is one lazily loaded ~520 KB chunk that real deployments never load.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports (React, the router, react-query, the API client, the
              // message runtime, the shell) in one file instead of several small ones.
              name: 'core',
              tags: ['$initial'],
              priority: 2,
            },
            {
              // Small helpers nearly every screen uses (the page header, the tab title, the search
              // flag, the write check, the curl scope) arrive as one file with the first screen
              // instead of five of a few hundred bytes each.
              name: 'screen-helpers',
              test: /[\\/]src[\\/](components[\\/]layout[\\/]page-header|app[\\/](use-search-flag|use-document-title)|features[\\/]identity[\\/]models[\\/]can-write|features[\\/]environments[\\/]components[\\/]curl-scope-context)\.tsx?$/,
              priority: 2,
            },
            {
              // Small parts the detail screens share (notices, copy buttons, tabs, the number and
              // duration formats): one file of about 3 KB instead of eleven of 0.2-0.8 KB each. On
              // HTTP/1.1's six connections each file waits its turn, and the session page had
              // thirty-one. Each member is small, so a screen that uses only a few of them loads
              // at most ~2 KB it does not run.
              name: 'ui-kit',
              test: /[\\/]src[\\/](components[\\/]ui[\\/](copy-button|family-unavailable|notice|resource-name|panel-error-boundary|tabs|textarea)|lib[\\/](clipboard|format-duration|format-number|secrets))\.tsx?$/,
            },
            {
              // The session page's start-up module and what it reads (which tab opens, the event
              // filter, the sub-agents a log names) in one file: the entry names each file of that
              // module in its preload map (six before, none now), and the requests leave once they
              // are all in. The group draws in their dependencies (the session queries, the first
              // page's size), so the screens that read the session queries (sessions list, agent
              // and environment pages, palette) load 1.2-1.5 KB gzip more, in one file fewer.
              name: 'session-start',
              test: /[\\/]src[\\/](app[\\/]prefetch-session|features[\\/]sessions[\\/](models[\\/](session-tabs|event-filter|event-category|subagent-lanes)|components[\\/]tab-strings))\.tsx?$/,
              priority: 1,
            },
            {
              // The environment list's own code (the first screen after sign-in), its route
              // module included, in one file.
              name: 'environments-list',
              test: /[\\/]src[\\/](app[\\/]routes[\\/]environments-route|features[\\/]environments[\\/](components[\\/](environments-table|environments-toolbar|environment-health-cell|environment-capability-badges)|models[\\/](filter-environments|environment-list-params|environment-types))|data[\\/]work[\\/](queries|keys|worker-presence))\.tsx?$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}))

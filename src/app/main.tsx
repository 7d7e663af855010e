// First, so that its requests leave before the rest of the entry is evaluated.
import { runtimeConfig, shellStrings, startLocale } from './start-requests'
import '@/styles/entry.css'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { readAnswersAfter } from '@/api/client'
import { queryClient } from './app-instance'
import { connectApi } from './connect-api'
import { prefetchFirstRoute } from './prefetch-first-route'
import { preloadScreen, screenForPath } from './router'
import { applyInitialTheme } from './theme'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { setLocale, t } from '@/i18n'
import { resolveApiBaseUrl, setActiveRuntimeConfig } from '@/lib/runtime-config'

// Set once the app catalog is in memory; a failure before that (the catalog itself did not load)
// can only be told in English.
let hasCatalogs = false

function bootFailureText(error: unknown): { title: string; message: string } {
  if (!(error instanceof Error)) {
    return {
      title: hasCatalogs ? t('app.boot.failed') : 'The console could not start',
      message: String(error),
    }
  }
  return hasCatalogs
    ? { title: t('app.boot.failed'), message: t('app.boot.serveOverHttp', { message: error.message }) }
    : {
        title: 'The console could not start',
        message: `${error.message}. If you opened the demo, serve it over http://localhost or https so the mock service worker can run.`,
      }
}

function showBootFailure(root: HTMLElement, error: unknown) {
  const { title: titleText, message } = bootFailureText(error)
  // Plain DOM, no React: this runs when React or the mock could not start at all.
  const box = document.createElement('div')
  box.setAttribute('role', 'alert')
  box.style.cssText =
    'max-width:40rem;margin:4rem auto;font-family:system-ui;padding:1rem;border:1px solid #b91c1c'
  const title = document.createElement('h1')
  title.textContent = titleText
  const detail = document.createElement('p')
  detail.textContent = message
  box.append(title, detail)
  root.replaceChildren(box)
}

/**
 * Everything the first screen needs starts at once: the shell's strings and the runtime config
 * (already requested by ./start-requests; then the bundled mock, when the config asks for it, and
 * the first screen's data), and the first screen's code and strings. The render waits for the
 * strings, the config and the screen's code, so it never shows a Suspense fallback, and the list's
 * request is already on its way.
 */
async function boot() {
  const root = document.getElementById('root')
  if (!root) return
  applyInitialTheme()
  const locale = startLocale
  const isSignedIn = useAuthStore.getState().token !== null
  const firstScreen = screenForPath(window.location.pathname, isSignedIn)
  const strings = shellStrings.then(async () => {
    await setLocale(locale)
    hasCatalogs = true
  })
  // A screen that fails to download is reported by the route's error boundary, as later ones are.
  const screenCode = preloadScreen(firstScreen, locale).catch(() => undefined)
  const api = runtimeConfig.then(async (config) => {
    setActiveRuntimeConfig(config)
    if (config.apiMode === 'mock') {
      // The bundled backend is its own chunk: a console pointed at a real Gateway never loads it.
      const { startBrowserMock } = await import('@/mocks/browser')
      await startBrowserMock()
    }
    connectApi(resolveApiBaseUrl(config, window.location.origin), queryClient)
    // A failed request is described with the shell's strings: the first screen's requests leave
    // now and only their answers wait for the strings (not for the first screen's own strings,
    // which only its render needs).
    readAnswersAfter(shellStrings)
    if (isSignedIn) prefetchFirstRoute(queryClient, firstScreen, window.location)
  })
  try {
    await Promise.all([strings, api, screenCode])
    createRoot(root).render(<App />)
  } catch (error) {
    // Tell the failure in the reader's language when the strings could still be loaded.
    await strings.catch(() => undefined)
    showBootFailure(root, error)
  }
}

void boot()

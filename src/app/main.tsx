import '@/styles/index.css'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { queryClient } from './app-instance'
import { connectApi } from './connect-api'
import { applyInitialTheme } from './theme'
import { loadNamespace, preferredLocale, setLocale, t } from '@/i18n'
import { loadRuntimeConfig, resolveApiBaseUrl, setActiveRuntimeConfig } from '@/lib/runtime-config'

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

async function boot() {
  const root = document.getElementById('root')
  if (!root) return
  applyInitialTheme()
  try {
    // The shell's strings in the reader's language are in memory before the first render.
    const locale = preferredLocale()
    await Promise.all(['app', 'ui'].map((namespace) => loadNamespace(namespace, locale)))
    await setLocale(locale)
    hasCatalogs = true
    const config = await loadRuntimeConfig()
    setActiveRuntimeConfig(config)
    if (config.apiMode === 'mock') {
      // The bundled backend is its own chunk: a console pointed at a real Gateway never loads it.
      const { startBrowserMock } = await import('@/mocks/browser')
      await startBrowserMock()
    }
    connectApi(resolveApiBaseUrl(config, window.location.origin), queryClient)
    createRoot(root).render(<App />)
  } catch (error) {
    showBootFailure(root, error)
  }
}

void boot()

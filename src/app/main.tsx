import '@/styles/index.css'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { queryClient } from './app-instance'
import { connectApi } from './connect-api'
import { applyInitialTheme } from './theme'
import { loadRuntimeConfig, resolveApiBaseUrl, setActiveRuntimeConfig } from '@/lib/runtime-config'

function showBootFailure(root: HTMLElement, message: string) {
  // Plain DOM, no React: this runs when React or the mock could not start at all.
  const box = document.createElement('div')
  box.setAttribute('role', 'alert')
  box.style.cssText =
    'max-width:40rem;margin:4rem auto;font-family:system-ui;padding:1rem;border:1px solid #b91c1c'
  const title = document.createElement('h1')
  title.textContent = 'The console could not start'
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
    showBootFailure(
      root,
      error instanceof Error
        ? `${error.message}. If you opened the demo, serve it over http://localhost or https so the mock service worker can run.`
        : String(error),
    )
  }
}

void boot()

// First, so that its requests leave before the rest of the entry is evaluated.
import { runtimeConfig, shellStrings, startLocale } from './start-requests'
import '@/styles/entry.css'
import { useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { holdReadsUntil, readAnswersAfter } from '@/api/client'
import { queryClient } from './app-instance'
import { connectApi } from './connect-api'
import { prefetchFirstRoute, preloadFirstRouteCode } from './prefetch-first-route'
import { preloadScreen, screenForPath } from './router'
import { applyInitialTheme } from './theme'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { setLocale } from '@/i18n'
import { resolveApiBaseUrl, setActiveRuntimeConfig } from '@/lib/runtime-config'
import { afterNextPaint } from '@/lib/after-next-paint'
import { whenIdle } from '@/lib/when-idle'

// Set once the app catalog is in memory; a failure before that (the catalog itself did not load)
// can only be told in English.
let hasCatalogs = false

/** The failure page loads only when it is needed; should even that fail, one plain line says it. */
async function reportBootFailure(root: HTMLElement, error: unknown) {
  try {
    const { showBootFailure } = await import('./boot-failure')
    showBootFailure(root, error, hasCatalogs)
  } catch {
    root.textContent = `The console could not start: ${String(error)}`
  }
}

/**
 * The first Intl formatter a page builds loads its language's ICU data: 18–80 ms on this machine's
 * Chromium, where the next costs well under 1 ms. Built while the main thread waits for the first
 * screen's code and answers, the screen's first render (relative times, clock times) does not pay
 * it. Not before the first screen's requests have left, nor ahead of work that is ready: run in the
 * first task after start-up, it held the session page's requests (sent when their small chunk
 * arrives) and the evaluation of the arriving chunks back by as long as it took.
 */
function warmUpFormatters(locale: string) {
  new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'minute')
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false }).format(0)
}

/**
 * Runs `run` once, from the first commit's effects (after every other effect of that commit: it is
 * the root's last child).
 */
function AfterFirstCommit({ run }: { run: () => void }) {
  useEffect(run, [run])
  return null
}

/**
 * Holds the reads (GET) asked for until the first commit has been painted, or `ms` at most (a tab
 * opened in the background paints only once shown): the first screen's own requests have already
 * left, and building and sending the rest from that commit's effects, in the task before its
 * paint, would hold back the paint of content that is already there. Returns what the first
 * commit runs.
 */
function holdReadsUntilFirstPaint(ms: number): () => void {
  let release: () => void = () => undefined
  holdReadsUntil(
    new Promise<void>((resolve) => {
      release = resolve
      setTimeout(resolve, ms)
    }),
  )
  let isStarted = false
  return () => {
    if (isStarted) return
    isStarted = true
    afterNextPaint(release)
  }
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
  let haveFirstRequestsLeft = false
  applyInitialTheme()
  const locale = startLocale
  const isSignedIn = useAuthStore.getState().token !== null
  const firstScreen = screenForPath(window.location.pathname, isSignedIn)
  const strings = shellStrings.then(async () => {
    await setLocale(locale)
    hasCatalogs = true
  })
  if (isSignedIn) preloadFirstRouteCode(firstScreen)
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
    const requestsSent = isSignedIn
      ? prefetchFirstRoute(queryClient, firstScreen, window.location)
      : Promise.resolve()
    void requestsSent.then(() => (haveFirstRequestsLeft = true))
    // Not waited for: the render needs the API connected, not the formatters.
    void requestsSent.then(() => whenIdle(undefined, 1000, 0)).then(() => warmUpFormatters(locale))
  })
  try {
    await Promise.all([strings, api, screenCode])
    // Never the first screen's own requests: were they still to leave (their module late),
    // nothing is held.
    const onFirstCommit = haveFirstRequestsLeft ? holdReadsUntilFirstPaint(1000) : () => undefined
    createRoot(root).render(
      <>
        <App />
        <AfterFirstCommit run={onFirstCommit} />
      </>,
    )
  } catch (error) {
    // Tell the failure in the reader's language when the strings could still be loaded.
    await strings.catch(() => undefined)
    await reportBootFailure(root, error)
  }
}

void boot()

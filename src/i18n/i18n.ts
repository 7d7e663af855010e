import { setupI18n, type Messages } from '@lingui/core'
import { use, useSyncExternalStore } from 'react'
import { byNamespace, type CatalogLoader } from './catalog-files'
import { rememberUntilFailure } from '@/lib/remember-until-failure'

export const LOCALES = ['en', 'zh-CN'] as const
export type Locale = (typeof LOCALES)[number]
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' }

const LOCALE_KEY = 'asc.locale'

export const i18n = setupI18n({
  locale: 'en',
  messages: { en: {}, 'zh-CN': {} },
  // The catalog check in npm test keeps both languages complete, so a missing id at runtime means
  // a screen showed strings from a catalog part it did not load: a bug, reported on the console
  // (unit and e2e tests fail on console errors).
  missing: (locale, id) => {
    console.error(`Missing message "${id}" for locale ${locale}`)
    return id
  },
})

// One lazily loaded chunk per namespace and locale: a screen loads the strings it shows. The first
// download knows only the catalogs of the shell and of the first route (Environments); the others
// are found through catalog-index.ts, fetched the first time one of them is asked for, so a new
// catalog adds nothing to the console's first load.
const firstLoaders = byNamespace(
  import.meta.glob<{ default: Messages }>([
    '/src/app/locales/{en,zh-CN}.json',
    '/src/components/ui/locales/{en,zh-CN}.json',
    '/src/features/identity/locales/{en,zh-CN}.json',
    '/src/features/environments/locales/{en,zh-CN}.json',
  ]),
)
// Not downloaded: the next catalog asked for tries again.
const laterLoaders = rememberUntilFailure(() =>
  import('./catalog-index').then((module) => module.catalogLoaders),
)

async function catalogLoader(key: string): Promise<CatalogLoader> {
  const load = firstLoaders.get(key) ?? (await laterLoaders()).get(key)
  if (!load) throw new Error(`No message catalog ${key}`)
  return load
}

const pending = new Map<string, Promise<void>>()
const loaded = new Set<string>()
// A failed download, kept for the screens that read strings while rendering: a component that
// suspended on it must see the failure (and its error boundary show it), not start a new download
// on every render — offline, that is a request loop with nothing to show for it. An explicit
// loadNamespace, a panel's retry (retryFailedStrings) or RENDER_RETRY_MS later asks again.
const failed = new Map<string, { promise: Promise<void>; at: number }>()
const RENDER_RETRY_MS = 5_000
const namespacesInUse = new Set<string>()

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** Registers messages that are already in memory (tests load every catalog up front). */
export function addCatalog(namespace: string, locale: Locale, messages: Messages) {
  i18n.load(locale, messages)
  loaded.add(`${namespace}/${locale}`)
  namespacesInUse.add(namespace)
}

/**
 * Whether the namespace's strings are still to be found through the catalog index: neither a
 * catalog the first download knows nor one already loaded or on its way.
 */
export function needsCatalogIndex(namespace: string, locale: Locale = activeLocale()): boolean {
  const key = `${namespace}/${locale}`
  return !firstLoaders.has(key) && !loaded.has(key) && !pending.has(key)
}

export function loadNamespace(namespace: string, locale: Locale = activeLocale()): Promise<void> {
  const key = `${namespace}/${locale}`
  namespacesInUse.add(namespace)
  if (loaded.has(key)) return Promise.resolve()
  const existing = pending.get(key)
  if (existing) return existing
  failed.delete(key)
  const first = firstLoaders.get(key)
  const promise: Promise<void> = (first ? first() : catalogLoader(key).then((load) => load())).then(
    (module) => {
      i18n.load(locale, module.default)
      loaded.add(key)
      void markFulfilled(promise)
      notify()
    },
    (error: unknown) => {
      // A failed download may succeed when the strings are asked for again.
      pending.delete(key)
      failed.set(key, { promise: markRejected(promise, error), at: Date.now() })
      throw error
    },
  )
  pending.set(key, promise)
  return promise
}

/**
 * React's use() reads a promise's `status` to return at once instead of suspending; a promise
 * marked here is one React has never seen pending but must not wait for.
 */
function markFulfilled(promise: Promise<void>): Promise<void> {
  return Object.assign(promise, { status: 'fulfilled', value: undefined })
}

function markRejected(promise: Promise<void>, reason: unknown): Promise<void> {
  return Object.assign(promise, { status: 'rejected', reason })
}

/** Lets the next render ask again for strings whose download failed (a panel's "Try again"). */
export function retryFailedStrings() {
  failed.clear()
}

/**
 * The namespace's load, the same promise on every render once asked for (marked fulfilled when
 * done, rejected when it failed a moment ago); null for a catalog registered up front
 * (addCatalog), which there is nothing to wait for.
 */
function namespacePromise(namespace: string, locale: Locale): Promise<void> | null {
  const key = `${namespace}/${locale}`
  const existing = pending.get(key)
  if (existing) return existing
  if (loaded.has(key)) return null
  const failure = failed.get(key)
  if (failure && Date.now() - failure.at < RENDER_RETRY_MS) return failure.promise
  return loadNamespace(namespace, locale)
}

export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : 'en'
}

/** The saved choice, else the browser's language when it is Chinese, else English. */
export function preferredLocale(): Locale {
  try {
    const saved = localStorage.getItem(LOCALE_KEY)
    if (isLocale(saved)) return saved
  } catch {
    // Storage can be unavailable (privacy mode); fall through to the browser's language.
  }
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages
  return languages.some((language) => language.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en'
}

/**
 * Makes a language active without loading anything: start-up does it as soon as the shell's
 * strings are in, so a request that fails before the first screen's strings arrive is still
 * described in the reader's language. Only for a language whose strings in use are loaded.
 */
export function activateLocale(locale: Locale) {
  i18n.activate(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
  notify()
}

/**
 * Switches language without a flash: every namespace already on screen is loaded in the new
 * language before the switch, so no component suspends.
 */
export async function setLocale(locale: Locale, options: { persist?: boolean } = {}) {
  await Promise.all([...namespacesInUse].map((namespace) => loadNamespace(namespace, locale)))
  activateLocale(locale)
  if (options.persist) {
    try {
      localStorage.setItem(LOCALE_KEY, locale)
    } catch {
      // The switch still applies for this visit.
    }
  }
}

let version = 0
const listeners = new Set<() => void>()
function notify() {
  version += 1
  for (const listener of listeners) listener()
}
function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Translates a message id (always a literal, so the catalog check can see it). */
export function t(id: string, values?: Record<string, unknown>): string {
  return i18n._(id, values)
}

/**
 * The strings of the given namespaces, re-rendering on a language switch. Suspends (to the
 * nearest Suspense boundary) the first time a namespace is needed in the active language.
 */
export function useT(...namespaces: string[]) {
  useSyncExternalStore(subscribe, () => version)
  const locale = activeLocale()
  // Every namespace's load starts before the first use() suspends, so they arrive together rather
  // than one after the other. use() on every render once a namespace was fetched, loaded or not: a
  // component that suspended on it and then skipped use() after it loaded is what React warns about.
  const loads = namespaces.map((namespace) => namespacePromise(namespace, locale))
  for (const loading of loads) if (loading) use(loading)
  return { t, locale }
}

/** The active locale for Intl formatting, re-rendering on a language switch. */
export function useLocale(): Locale {
  useSyncExternalStore(subscribe, () => version)
  return activeLocale()
}

import { activateLocale, loadNamespace, preferredLocale, type Locale } from '@/i18n'
import { loadRuntimeConfig, type RuntimeConfig } from '@/lib/runtime-config'

/**
 * The start-up requests that need nothing from React: the runtime config and the shell's strings.
 * main.tsx imports this module before anything else, so they are sent while the rest of the entry
 * (React DOM, the router, the shell) is still being initialised, not after it; the first screen's
 * data waits for both, so every millisecond here is one less before the first row.
 */
export const startLocale: Locale = preferredLocale()
export const runtimeConfig: Promise<RuntimeConfig> = loadRuntimeConfig()
/** Resolves once the shell's strings are loaded and their language is active. */
export const shellStrings: Promise<void> = Promise.all(
  ['app', 'ui', 'identity'].map((namespace) => loadNamespace(namespace, startLocale)),
).then(() => activateLocale(startLocale))

import { afterEach, beforeEach, vi } from 'vitest'
import type { Messages } from '@lingui/core'
import { setSafeRetryPolicy } from '@/api/safe-retry'
import { addCatalog, i18n, isLocale } from '@/i18n/i18n'
import { localeOfCatalog, namespaceOfCatalog } from '@/i18n/catalog-files'

// Every catalog in memory up front, English active: components render without suspending, and
// tests read the English strings users see by default.
const catalogs = import.meta.glob<{ default: Messages }>('/src/**/locales/*.json', { eager: true })
for (const [path, module] of Object.entries(catalogs)) {
  const namespace = namespaceOfCatalog(path)
  const locale = localeOfCatalog(path)
  if (namespace && isLocale(locale)) addCatalog(namespace, locale, module.default)
}
i18n.activate('en')

// Component tests of a failed mutation see that failure, not a silent re-send; the re-send
// itself is tested in src/api/safe-retry.test.ts and under faults in e2e.
setSafeRetryPolicy({ retries: 0 })

// A console.error or console.warn during a test fails it: React warnings and unhandled
// request logs are bugs. A test that expects one calls `allowConsole()`.
let isConsoleAllowed = false
let consoleMessages: string[] = []
export function allowConsole() {
  isConsoleAllowed = true
}
beforeEach(() => {
  isConsoleAllowed = false
  consoleMessages = []
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleMessages.push(`console.${method}: ${args.map(String).join(' ')}`)
    })
  }
})
afterEach(() => {
  if (!isConsoleAllowed && consoleMessages.length > 0) {
    throw new Error(`Unexpected console output during test:\n${consoleMessages.join('\n')}`)
  }
})

// The DOM part only where there is a DOM: Node-environment tests skip loading Testing Library.
// Imported after the console check is registered so that its afterEach (unmounting, which can
// itself log) runs first: Vitest runs after-hooks in reverse order of registration.
if (typeof document !== 'undefined') await import('./setup-dom')

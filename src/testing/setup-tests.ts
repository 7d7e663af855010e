import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

// jsdom has no layout: give elements a size so virtualised lists render rows in tests.
if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') {
  // jsdom has no scrolling; screens that scroll a selected row into view must not crash there.
  Element.prototype.scrollIntoView = function scrollIntoView() {}
}
if (typeof HTMLElement !== 'undefined') {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, value: 800 })
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, value: 1200 })
}

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
  if (typeof document !== 'undefined') {
    cleanup()
    sessionStorage.clear()
    localStorage.clear()
  }
  if (!isConsoleAllowed && consoleMessages.length > 0) {
    throw new Error(`Unexpected console output during test:\n${consoleMessages.join('\n')}`)
  }
})

import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom has no scrolling; screens that scroll a selected row into view must not crash there.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {}
}
// jsdom has no layout: give elements a size so virtualised lists render rows in tests.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, value: 800 })
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, value: 1200 })

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  localStorage.clear()
})

import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { loadDialogCode } from '@/components/ui/dialog'

// A screen's first render loads its lazy route chunk and catalog; on a busy 2-core CI machine that
// can take longer than Testing Library's 1 s default for findBy/waitFor. Waiting longer for what must
// appear changes no assertion, it only stops load from failing a correct screen.
configure({ asyncUtilTimeout: 5_000 })

// The test DOM has no scrolling; screens that scroll a selected row into view must not crash there.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {}
}
// The test DOM has no layout: give elements a size so virtualised lists render rows in tests.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, value: 800 })
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, value: 1200 })

// A page fetches the dialog's code once it is idle, so in a browser a dialog opened by a user
// finds it in; component tests start that way. The opening that has to wait for it is tested in
// src/components/ui/dialog.test.tsx.
await loadDialogCode()

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  localStorage.clear()
})

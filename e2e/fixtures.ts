import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export type DemoUser = 'admin' | 'alice' | 'bob'

type Fixtures = {
  /** Console errors and page errors seen during the test; the test fails if any remain unexpected. */
  consoleProblems: string[]
  login: (user: DemoUser, next?: string) => Promise<void>
  checkA11y: (page: Page, context: string) => Promise<void>
}

export const test = base.extend<Fixtures>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('pageerror', (error) => {
        // msw re-checks its service worker on every page load; when a test navigates again while
        // that check is in flight, Chromium rejects it with this NotFoundError. It comes from the
        // demo's mock plumbing (the real-API build has no service worker), not from the console.
        if (error.message.startsWith('Failed to update a ServiceWorker')) return
        problems.push(`pageerror: ${error.message}`)
      })
      page.on('console', (message) => {
        // Chromium logs every 4xx/5xx answer as "Failed to load resource"; that is the network
        // talking, not the console. Anything else logged as an error is a defect.
        // The CSP test provokes a violation on purpose and asserts it itself.
        const text = message.text()
        const isExpected =
          text.startsWith('Failed to load resource') || text.includes('https://attacker.example/exfiltrate')
        if (message.type() === 'error' && !isExpected) {
          problems.push(`console.error: ${text}`)
        }
      })
      await use(problems)
      expect(problems, 'no uncaught errors or console errors').toEqual([])
    },
    { auto: true },
  ],
  login: async ({ page }, use) => {
    await use(async (user, next = '/environments') => {
      await page.goto(`/login?next=${encodeURIComponent(next)}`)
      await page.getByRole('button', { name: `Sign in as ${user}` }).click()
      await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    })
  },
  checkA11y: async ({}, use) => {
    await use(async (page, context) => {
      const results = await new AxeBuilder({ page }).analyze()
      const summary = results.violations.map(
        (violation) =>
          `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
      expect(summary, `axe violations on ${context}`).toEqual([])
    })
  },
})

export { expect }

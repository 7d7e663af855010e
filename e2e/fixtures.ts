import axe from 'axe-core'
import { test as base, expect, type Page } from '@playwright/test'
import {
  isAssetFailure,
  isExpectedLoadFailure,
  isMockServiceWorker,
  isServiceWorkerUpdateRace,
} from './page-problems'
import { message } from './catalog'
import { consoleOrigin, mockServerOrigin } from './servers'

export type DemoUser = 'admin' | 'alice' | 'bob'

type PageProblems = {
  /**
   * A console error this test provokes on purpose and asserts itself. Applies to this test only;
   * every other console error still fails it.
   */
  allowConsoleError: (pattern: RegExp) => void
}

type Fixtures = {
  /** Uncaught errors, console errors and error answers for the console's own files fail the test. */
  pageProblems: PageProblems
  /** Signs in through the API and opens `next` (default /environments) as that user. */
  login: (user: DemoUser, next?: string) => Promise<void>
  /** axe on the page, or on the elements `include` selects. */
  checkA11y: (page: Page, context: string, include?: string) => Promise<void>
}

/** The audit's rule set: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

type AxeWindow = { axe?: typeof axe }

/**
 * The audit's violations on the page as it is now (or on the elements `include` selects), one line
 * per rule: `rule (impact): target, target`.
 *
 * axe runs in the page itself, injected once per document. (@axe-core/playwright merges per-frame
 * results in a blank page it opens for every scan: about 1 s a scan here, five times the audit
 * itself, and most of the accessibility walk's time.) One run in the top document covers the whole
 * console because it has no frames; a frame appearing fails the check rather than going unaudited.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  expect(page.frames(), 'the console renders no frames, so axe audits the top document only').toHaveLength(1)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(
    async ({ tags, include }) => {
      const run = (window as AxeWindow).axe!.run
      const results = await run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })
      return results.violations.map(
        (violation) =>
          `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
    },
    { tags: AXE_TAGS, include },
  )
}

/**
 * Moves the console to `path` as one of its own links does (history entry + popstate, no reload),
 * so a spec that visits many screens keeps one loaded console and demo backend instead of paying a
 * fresh load for each.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((next) => {
    window.history.pushState(null, '', next)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await expect(page).toHaveURL(path)
}

const SIGN_IN_PAGE = `${consoleOrigin}/__e2e/sign-in`

type LoginAnswer = { token: string; userId: string; username: string; roles: string[] }

export const test = base.extend<Fixtures>({
  pageProblems: [
    async ({ page, context, baseURL }, use) => {
      // The origin under test: the built console, or the dev server for e2e/dev-server/.
      const origin = baseURL ?? consoleOrigin
      const problems: string[] = []
      const allowed: RegExp[] = []
      let serviceWorkerRaces = 0
      page.on('pageerror', (error) => {
        if (isServiceWorkerUpdateRace(error, origin)) {
          serviceWorkerRaces += 1
          return
        }
        problems.push(`pageerror: ${error.name}: ${error.message}`)
      })
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        const text = message.text()
        if (isExpectedLoadFailure(text, message.location().url, origin)) return
        if (allowed.some((pattern) => pattern.test(text))) return
        problems.push(`console.error: ${text}`)
      })
      // Every page and the service worker of this context: a JS chunk, console-config.json or the
      // worker script answered with an error is a broken deployment, whatever the screen shows.
      context.on('response', (response) => {
        if (isAssetFailure(response.url(), response.status(), origin)) {
          problems.push(`HTTP ${response.status()} for ${response.url()}`)
        }
      })
      await use({ allowConsoleError: (pattern) => allowed.push(pattern) })
      if (serviceWorkerRaces > 0) {
        // Only the demo's own worker may have raced; in real-API mode there is no worker at all.
        const scriptUrl = await page
          .evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)
          .catch(() => null)
        if (!isMockServiceWorker(scriptUrl, origin)) {
          problems.push(
            `pageerror: ${serviceWorkerRaces} service-worker update failure(s) on a page controlled by ${scriptUrl ?? 'no worker'}`,
          )
        }
      }
      expect(problems, 'no uncaught errors, console errors or failed console files').toEqual([])
    },
    { auto: true },
  ],
  login: async ({ page, request }, use) => {
    await use(async (user, next = '/environments') => {
      // The same mock as the one in the page, over HTTP: its tokens are signed the way the page's
      // are (as a Gateway's replicas share a key), so the page accepts one without showing the
      // sign-in form. shell.spec.ts and the keyboard journey sign in through the form itself.
      const response = await request.post(`${mockServerOrigin}/api/auth/login`, {
        data: { username: user, password: user },
      })
      expect(response.status(), `sign-in of ${user} through the API`).toBe(200)
      const answer = (await response.json()) as LoginAnswer
      const auth = {
        token: answer.token,
        user: { userId: answer.userId, username: answer.username, roles: answer.roles },
      }
      // Stored as the console stores a sign-in (sessionStorage, this tab only), from an empty page
      // of the console's origin (answered here, not by a server): a console already open in the
      // tab is unloaded first, so it cannot sign the new user out while it goes, and the console
      // starts only once, at `next`. (The demo's worker lets navigations through untouched.)
      await page.route(SIGN_IN_PAGE, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }),
      )
      await page.goto(SIGN_IN_PAGE)
      await page.unroute(SIGN_IN_PAGE)
      await page.evaluate((signedIn) => {
        sessionStorage.setItem('asc.draft-owner', signedIn.user.userId)
        sessionStorage.setItem('asc.auth', JSON.stringify(signedIn))
      }, auth)
      await page.goto(next)
      // In whichever language the console last chose in this browser.
      const signOut = ['en', 'zh-CN'] as const
      await expect(
        page.getByRole('button', {
          name: new RegExp(
            `^(${signOut.map((language) => message(language, 'identity.userMenu.signOut')).join('|')})$`,
          ),
        }),
      ).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    })
  },
  checkA11y: async ({}, use) => {
    await use(async (page, context, include) => {
      expect(await axeViolations(page, include), `axe violations on ${context}`).toEqual([])
    })
  },
})

export { expect }

import type { Page } from '@playwright/test'
import { message, type Language } from './catalog'
import { expect, navigateInApp, test } from './fixtures'
import { SEEDED } from './sessions-api'

/**
 * WCAG 1.4.10 Reflow: at 320 CSS px (a phone, or 1280 px at 400 % zoom) and at 640 CSS px
 * (1280 px at 200 % zoom) no screen scrolls sideways, neither the document nor the console's main
 * area (wide tables and code scroll inside their own box), and every header control is on screen.
 */
const WIDTHS = [320, 640] as const

const SCREENS: { name: string; path: string; ready: (page: Page, language: Language) => Promise<void> }[] = [
  { name: 'environments list', path: '/environments', ready: (page) => shows(page, 'table') },
  {
    name: 'environment detail',
    path: `/environments/${SEEDED.buildWorkers}`,
    ready: (page) => expect(page.getByRole('heading', { name: 'build-workers', level: 1 })).toBeVisible(),
  },
  { name: 'agents list', path: '/agents', ready: (page) => shows(page, 'table') },
  {
    name: 'agent detail',
    path: `/agents/${SEEDED.triageBot}`,
    ready: (page, language) =>
      expect(
        page.getByRole('tab', { name: message(language, 'app.agentDetail.tabs.overview') }),
      ).toBeVisible(),
  },
  { name: 'sessions list', path: '/sessions', ready: (page) => shows(page, 'table') },
  {
    name: 'session transcript',
    path: `/sessions/${SEEDED.buildDone}`,
    ready: (page) => expect(page.getByRole('feed').locator('[data-entry]').first()).toBeVisible(),
  },
  {
    name: 'session waterfall',
    path: `/sessions/${SEEDED.buildDone}?tab=waterfall`,
    ready: (page) => expect(page.getByRole('tabpanel').getByRole('group').first()).toBeVisible(),
  },
  {
    // Turn and call ids are long unbroken words in a monospace font.
    name: 'session tool records',
    path: `/sessions/${SEEDED.buildDone}?tab=tools`,
    ready: (page) => expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible(),
  },
  {
    name: 'session events',
    path: `/sessions/${SEEDED.buildDone}?tab=events`,
    ready: (page) => expect(page.getByRole('main').locator('[data-event-id]').first()).toBeVisible(),
  },
]

async function shows(page: Page, role: 'table') {
  await expect(page.getByRole('main').getByRole(role).first()).toBeVisible()
}

/** How far the document and the main area can scroll sideways (0 when they cannot). */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main')
    return {
      document: document.documentElement.scrollWidth - window.innerWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    }
  })
}

/** Visible header controls whose box leaves the viewport. */
async function offScreenControls(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('header button, header select, header a')]
      .filter((element) => element.checkVisibility())
      .filter((element) => {
        const box = element.getBoundingClientRect()
        return box.left < 0 || box.right > window.innerWidth
      })
      .map((element) => element.textContent || element.getAttribute('aria-label') || element.tagName),
  )
}

for (const width of WIDTHS) {
  for (const language of ['en', 'zh-CN'] as const satisfies Language[]) {
    test(`nothing scrolls sideways at ${width} CSS px (${language})`, async ({ page, login }) => {
      test.setTimeout(120_000)
      await page.setViewportSize({ width, height: 640 })
      await login('alice')
      await page.getByRole('combobox', { name: 'Language' }).selectOption(language)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      for (const screen of SCREENS) {
        // In-app navigation, not a reload: the screens are the same, and eight fresh loads of the
        // console and its demo backend per test were most of this spec's time.
        await navigateInApp(page, screen.path)
        await screen.ready(page, language)
        expect(await sidewaysOverflow(page), screen.name).toEqual({ document: 0, main: 0 })
        expect(await offScreenControls(page), `${screen.name}: header controls on screen`).toEqual([])
      }

      // Both widths are below the md breakpoint: the navigation is behind the header's Menu button.
      const menu = page.getByRole('button', { name: message(language, 'app.shell.menu') })
      const navigation = page.getByRole('navigation', { name: message(language, 'app.shell.mainNavigation') })
      await expect(navigation).toBeHidden()
      await menu.click()
      await expect(menu).toHaveAttribute('aria-expanded', 'true')
      await navigation.getByRole('link', { name: message(language, 'app.shell.nav.agents') }).click()
      await expect(
        page.getByRole('heading', { level: 1, name: message(language, 'app.agents.title') }),
      ).toBeFocused()
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
      expect(await sidewaysOverflow(page), 'agents after the menu').toEqual({ document: 0, main: 0 })

      await page.getByRole('button', { name: message(language, 'identity.userMenu.signOut') }).click()
      await expect(
        page.getByRole('button', {
          name: message(language, 'identity.login.signInAs', { username: 'alice' }),
        }),
      ).toBeVisible()
      expect(await sidewaysOverflow(page), 'login').toEqual({ document: 0, main: 0 })
    })
  }
}

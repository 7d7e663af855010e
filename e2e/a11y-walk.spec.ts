import type { Locator, Page } from '@playwright/test'
import { focusRingProblems, lowestTextContrast, namesReadTwice, targetSizeProblems } from './a11y-measure'
import { message, messagePattern, type Language } from './catalog'
import { axeViolations, expect, navigateInApp, test } from './fixtures'
import { exportLines } from './export-lines'
import { SEEDED, SUBAGENT_TREE } from './sessions-api'

/**
 * Runs axe (WCAG 2.0/2.1/2.2 A and AA plus best practices, see fixtures.ts) on every route, tab
 * and dialog, in both themes chosen with the console's own toggle (the system preference is
 * emulated as the opposite theme, so a toggle that did nothing would be caught) and in both
 * languages. One test per route, each walking the route in all four theme × language combinations:
 * the first signs in straight onto the route, the others reach it again by in-app navigation (as a
 * link does; a fresh load of the console and its demo backend for each was a third of the walk).
 *
 * To cover a new screen, tab or dialog, add it to ROUTES below: tabs and dialogs are named by
 * their message ids and found in whichever language the test runs.
 */
type Theme = 'light' | 'dark'

type Walk = {
  page: Page
  language: Language
  theme: Theme
  /** The message in this test's language. */
  text: (id: string, values?: Record<string, string>) => string
  /** The message as a pattern whose arguments match anything. */
  pattern: (id: string) => RegExp
  /** Runs axe on the page as it is now (or on the part of it `include` selects). */
  scan: (state: string, include?: string) => Promise<void>
}

type DialogState = {
  name: string
  /** The control that opens the dialog; it must get focus back when the dialog closes. */
  trigger: (walk: Walk) => Locator
  /** The dialog's accessible name. */
  title: (walk: Walk) => string | RegExp
  /** Whatever makes the trigger available (a tab, a field's value). */
  prepare?: (walk: Walk) => Promise<void>
}

type RouteState = {
  name: string
  path: string
  /** Resolves when the screen shows its content. */
  ready: (walk: Walk) => Promise<void>
  /** Tabs (message ids), each selected and scanned in turn. */
  tabs?: string[]
  dialogs?: DialogState[]
  /** States that take more than a click to reach (a flow, a shortcut). */
  extra?: (walk: Walk) => Promise<void>
}

async function tableShown({ page }: Walk) {
  await expect(page.getByRole('main').getByRole('table').first()).toBeVisible()
}

const ROUTES: RouteState[] = [
  {
    name: 'login',
    path: '/login',
    ready: async ({ page, text }) => {
      await expect(
        page.getByRole('button', { name: text('identity.login.signInAs', { username: 'alice' }) }),
      ).toBeVisible()
    },
  },
  {
    name: 'environments',
    path: '/environments',
    ready: tableShown,
    dialogs: [
      {
        name: 'create environment',
        trigger: ({ page, text }) =>
          page.getByRole('button', { name: text('app.environments.create'), exact: true }).first(),
        title: ({ text }) => text('environments.create.title'),
      },
    ],
    extra: async (walk) => {
      const { page, text, scan, theme, language } = walk
      const create = page.getByRole('button', { name: text('app.environments.create'), exact: true }).first()
      await create.click()
      const form = page.getByRole('dialog', { name: text('environments.create.title') })
      await form.getByLabel(text('environments.form.name'), { exact: true }).fill(`a11y-${theme}-${language}`)
      await form.getByRole('button', { name: text('environments.create.submit') }).click()
      const keyDialog = page.getByRole('dialog', { name: text('environments.key.createdTitle') })
      await expect(keyDialog).toBeVisible()
      await scan('one-time key dialog')
      await keyDialog.getByLabel(text('environments.key.savedConfirm')).check()
      await keyDialog.getByRole('button', { name: text('environments.key.done') }).click()
      await expect(keyDialog).toBeHidden()
    },
  },
  {
    name: 'environment detail',
    path: `/environments/${SEEDED.buildWorkers}`,
    ready: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'build-workers', level: 1 })).toBeVisible()
    },
    tabs: [
      'environments.detail.tabs.workers',
      'environments.detail.tabs.usage',
      'environments.detail.tabs.overview',
    ],
    dialogs: (
      [
        ['rotate key', 'environments.rotate.button', 'environments.rotate.title'],
        ['archive', 'environments.archive.button', 'environments.archive.title'],
        ['delete', 'environments.delete.button', 'environments.delete.title'],
      ] as const
    ).map(([name, button, title]) => ({
      name: `${name} dialog`,
      trigger: ({ page, text }: Walk) => page.getByRole('button', { name: text(button), exact: true }),
      title: ({ text }: Walk) => text(title, { name: 'build-workers' }),
    })),
  },
  {
    name: 'environment editor',
    path: `/environments/${SEEDED.buildWorkers}/edit`,
    ready: async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    },
    dialogs: [
      {
        name: 'review changes dialog',
        prepare: async ({ page, pattern }) => {
          await page.getByLabel(pattern('environments.fields.isolationScope.label')).selectOption('USER')
        },
        trigger: ({ page, text }) => page.getByRole('button', { name: text('environments.edit.review') }),
        title: ({ text }) => text('environments.edit.review'),
      },
    ],
  },
  { name: 'agents', path: '/agents', ready: tableShown },
  {
    name: 'agent detail',
    path: `/agents/${SEEDED.triageBot}`,
    ready: async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    },
    tabs: ['app.agentDetail.tabs.overview', 'app.agentDetail.tabs.runtime', 'app.agentDetail.tabs.versions'],
    dialogs: [
      {
        name: 'curl dialog',
        prepare: ({ page, text }) => selectTab(page, text('app.agentDetail.tabs.runtime')),
        trigger: ({ page, text }) => page.getByRole('button', { name: text('agents.curl.open') }).first(),
        title: ({ text }) => text('agents.curl.title'),
      },
    ],
  },
  {
    name: 'sessions',
    path: '/sessions',
    ready: tableShown,
    dialogs: [
      {
        name: 'new session dialog',
        trigger: ({ page, text }) =>
          page.getByRole('button', { name: text('sessions.create.title'), exact: true }),
        title: ({ text }) => text('sessions.create.title'),
      },
      {
        name: 'archive session dialog',
        trigger: ({ page, text }) =>
          page.getByRole('button', {
            name: text('sessions.lifecycle.archive.label', { session: SEEDED.buildDone }),
          }),
        title: ({ text }) => text('sessions.lifecycle.archive.title'),
      },
    ],
  },
  {
    name: 'session page',
    path: `/sessions/${SEEDED.needsApproval}`,
    ready: async ({ page, text }) => {
      // The transcript is the default tab.
      await expect(
        page.getByRole('tab', { name: text('sessions.inspector.tabs.transcript') }),
      ).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByRole('feed').first()).toBeVisible()
    },
    tabs: [
      'sessions.inspector.tabs.waterfall',
      'sessions.inspector.tabs.tools',
      'sessions.inspector.tabs.snapshot',
      'sessions.inspector.tabs.environment',
      'sessions.inspector.tabs.files',
      'sessions.inspector.tabs.recovery',
      'sessions.inspector.tabs.checkpoints',
      // Last: the extra step below selects an event in it.
      'sessions.inspector.tabs.events',
    ],
    extra: async (walk) => {
      const { page, scan } = walk
      // An event selected: its detail and raw JSON beside the timeline.
      await page.getByRole('main').locator('[data-event-id]').first().click()
      await expect(page.getByRole('region', { name: walk.text('sessions.detail.label') })).toBeVisible()
      await scan('session event selected')
    },
  },
  {
    name: 'session with sub-agents',
    path: `/sessions/${SUBAGENT_TREE.parent}?tab=subagents`,
    ready: async ({ page }) => {
      await expect(page.getByTestId('subagents-panel').getByRole('table')).toBeVisible()
    },
    // The waterfall with the sub-agents' nested lanes (two levels deep).
    tabs: ['sessions.inspector.tabs.waterfall'],
  },
  {
    name: 'sub-agent page',
    path: `/sessions/${SUBAGENT_TREE.parent}/subagents/${SUBAGENT_TREE.docsLinks}`,
    ready: async ({ page }) => {
      // Waiting for an answer that cannot be given here.
      await expect(page.getByTestId('subagent-actions-read-only')).toBeVisible()
      await expect(page.getByRole('feed').first()).toBeVisible()
    },
    tabs: [
      'sessions.inspector.tabs.waterfall',
      'sessions.inspector.tabs.events',
      'sessions.inspector.tabs.tools',
      'sessions.inspector.tabs.snapshot',
      'sessions.subagents.tab',
    ],
  },
  {
    name: 'steering session',
    // The seeded session made for trying steering: the composer's three intents and the input ledger.
    path: '/sessions/sess_steeringdemo01',
    ready: async ({ page, text }) => {
      await expect(page.getByRole('radio', { name: text('sessions.inputs.intent.turn') })).toBeVisible()
    },
    extra: async ({ page, text, scan }) => {
      await page.getByRole('radio', { name: text('sessions.inputs.intent.inject') }).check()
      await page
        .getByRole('textbox', { name: text('sessions.composer.message') })
        .fill('Use the staging database')
      await page.getByRole('button', { name: text('sessions.inputs.send.inject'), exact: true }).click()
      const ledger = page.getByRole('region', { name: text('sessions.inputs.ledger.title') })
      await expect(ledger.getByText(text('sessions.inputs.ledger.status.accepted')).first()).toBeVisible()
      await scan('inject intent chosen, one input in the ledger')
      await page.getByRole('radio', { name: text('sessions.inputs.intent.steer') }).check()
      await scan('steer intent chosen, no turn running')
    },
  },
  {
    name: 'finished session',
    path: `/sessions/${SEEDED.buildDone}?tab=environment`,
    ready: async ({ page, text }) => {
      await expect(page.getByLabel(text('sessions.change.target'), { exact: true })).toBeVisible()
    },
    dialogs: [
      {
        name: 'change environment dialog',
        // A finished session can move; one awaiting approval cannot.
        prepare: async ({ page, text }) => {
          await page.getByLabel(text('sessions.change.target'), { exact: true }).selectOption({ index: 1 })
        },
        trigger: ({ page, text }) => page.getByRole('button', { name: text('sessions.change.open') }),
        title: ({ text }) => text('sessions.change.confirmTitle'),
      },
    ],
    extra: async (walk) => {
      await waterfallWithBarFocused(walk)
      await transcriptFromTheWaterfall(walk)
    },
  },
  {
    // The seeded finished session has a checkpoint per completed turn.
    name: 'session checkpoints',
    path: `/sessions/${SEEDED.buildDone}?tab=checkpoints`,
    ready: async ({ page, text }) => {
      await expect(
        page.getByRole('list', { name: text('sessions.checkpoints.timeline.label') }),
      ).toBeVisible()
    },
    extra: async ({ page, text, scan }) => {
      // A checkpoint chosen: the restore's pre-flight and the fork flow.
      const timeline = page.getByRole('list', { name: text('sessions.checkpoints.timeline.label') })
      await timeline
        .getByRole('button', { name: text('sessions.checkpoints.timeline.select'), exact: false })
        .first()
        .click()
      const fork = page.getByRole('region', { name: text('sessions.checkpoints.fork.title') })
      await expect(fork).toBeVisible()
      await scan('checkpoint chosen')
      // A fork made, then the two sides compared.
      await fork.getByRole('textbox', { name: text('sessions.checkpoints.fork.reason') }).fill('a11y walk')
      await fork.getByRole('button', { name: text('sessions.checkpoints.fork.submit') }).click()
      await fork.getByRole('link', { name: text('sessions.checkpoints.fork.compare') }).click()
      await expect(
        page.getByRole('region', { name: text('sessions.checkpoints.compare.title') }),
      ).toBeVisible()
      await expect(page.getByText(text('sessions.checkpoints.compare.loading'))).toHaveCount(0)
      await scan('fork compared')
    },
  },
  {
    name: 'offline viewer',
    path: '/sessions-file',
    ready: async ({ page, text }) => {
      await expect(
        page.getByRole('heading', { name: text('sessions.offline.title'), level: 1 }),
      ).toBeVisible()
    },
    extra: async (walk) => {
      const { page, text, scan } = walk
      // A file with a broken line and an unknown type: every notice the viewer has is on screen.
      await page.getByLabel(text('sessions.offline.choose'), { exact: true }).setInputFiles({
        name: 'walk.jsonl',
        mimeType: 'application/x-ndjson',
        buffer: Buffer.from(OFFLINE_WALK_FILE),
      })
      await expect(page.getByTestId('offline-file-banner')).toBeVisible()
      await expect(page.getByRole('feed', { name: text('sessions.transcript.label') })).toBeVisible()
      await scan('file opened, transcript')
      for (const tab of ['waterfall', 'events', 'tools'] as const) {
        await selectTab(page, text(`sessions.inspector.tabs.${tab}`))
        await scan(`file opened, ${tab}`, '[role="tabpanel"]')
      }
    },
  },
  {
    name: 'session over its budget',
    path: '/sessions/sess_overbudget0001?tab=budget',
    ready: async ({ page, text }) => {
      await expect(page.getByRole('heading', { name: text('sessions.budget.title'), level: 2 })).toBeVisible()
      await expect(page.getByRole('form', { name: text('sessions.budget.editor.title') })).toBeVisible()
      await expect(page.locator('[data-budget-stop]')).toBeVisible()
    },
    dialogs: [
      {
        name: 'raise the budget and resume dialog',
        trigger: ({ page, text }) =>
          page.getByRole('button', {
            name: text('sessions.budget.stop.raise', { what: text('sessions.budget.limit.max_model_calls') }),
          }),
        // The title names the turn, whose id the seed draws.
        title: ({ pattern }) => pattern('sessions.budget.stop.confirmTitle'),
      },
    ],
  },
  {
    name: 'server',
    path: '/server',
    ready: async ({ page, text }) => {
      await expect(page.getByRole('heading', { name: text('server.title'), level: 1 })).toBeVisible()
      await expect(page.getByText(text('server.checking'))).toHaveCount(0)
    },
  },
  {
    name: 'not found',
    path: '/nowhere',
    ready: async ({ page, text }) => {
      await expect(page.getByRole('heading', { name: text('app.notFound.title') })).toBeVisible()
    },
  },
  {
    name: 'narrow shell menu',
    path: '/agents',
    ready: tableShown,
    extra: async ({ page, text, scan }) => {
      // Below 768 CSS px the navigation moves behind the header's Menu button.
      await page.setViewportSize({ width: 375, height: 700 })
      const menu = page.getByRole('button', { name: text('app.shell.menu') })
      const navigation = page.getByRole('navigation', { name: text('app.shell.mainNavigation') })
      await menu.focus()
      await page.keyboard.press('Enter')
      await expect(navigation).toBeVisible()
      // The menu's links come right after its button in the Tab order, before the rest of the header.
      await page.keyboard.press('Tab')
      await expect.soft(navigation.getByRole('link').first()).toBeFocused()
      await scan('menu open at 375 px')
      // Escape closes it from its links and puts focus back on its button.
      await page.keyboard.press('Escape')
      await expect.soft(navigation).toBeHidden()
      await expect.soft(menu).toBeFocused()
      // Closed for the next combination whatever happened.
      if (await navigation.isVisible()) await menu.click()
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
    },
  },
  {
    name: 'shell dialogs',
    path: '/environments',
    ready: tableShown,
    dialogs: [
      {
        name: 'demo panel',
        trigger: ({ page, text }) => page.getByRole('button', { name: text('app.shell.demoBadge') }),
        title: ({ text }) => text('app.demo.title'),
      },
      {
        name: 'command palette',
        trigger: ({ page, text }) => page.getByRole('button', { name: text('app.shell.search') }),
        title: ({ text }) => text('palette.title'),
      },
    ],
    extra: async ({ page, text, scan }) => {
      await page.getByRole('main').focus()
      await page.keyboard.press('?')
      const dialog = page.getByRole('dialog', { name: text('palette.shortcuts.title') })
      await expect(dialog).toBeVisible()
      await scan('shortcuts dialog')
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    },
  },
]

/** An export as the offline viewer's walk opens it: a turn, a tool call, a broken line, an unknown type. */
const OFFLINE_WALK_FILE = (() => {
  const { event, message } = exportLines('sess_walkfile01')
  return [
    event('turn.accepted', { turn_id: 'turn_1' }),
    message('item_u', 'user', 'List the files'),
    event('tool.requested', { turn_id: 'turn_1', tool_call_id: 'call_1', name: 'list_files', input: {} }),
    event('tool.completed', {
      turn_id: 'turn_1',
      tool_call_id: 'call_1',
      status: 'completed',
      output: 'a.txt',
    }),
    '{"broken": ',
    event('hologram.projected', {}),
    message('item_a', 'assistant', 'One file: a.txt'),
    event('turn.completed', { turn_id: 'turn_1' }),
    '',
  ].join('\n')
})()

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The waterfall with a bar focused by the arrow keys (a call, drawn above its wait for the worker):
 * its focus ring whole, every bar a target of 24 × 24 CSS px that nothing covers, no bar's name
 * read again as its description.
 */
async function waterfallWithBarFocused(walk: Walk) {
  const { page, text, scan, theme, language } = walk
  await selectTab(page, text('sessions.inspector.tabs.waterfall'))
  const waterfall = page.getByRole('group', { name: text('sessions.waterfall.label') })
  const bars = waterfall.getByRole('button')
  await bars.first().focus()
  const call = new RegExp(`^${escapeRegExp(text('sessions.waterfall.kind.tool'))} write_file`)
  for (let presses = 0; presses < 8; presses += 1) {
    if (call.test(await page.evaluate(() => document.activeElement?.getAttribute('title') ?? ''))) break
    await page.keyboard.press('ArrowDown')
  }
  const focused = waterfall.locator('button:focus-visible')
  await expect(focused).toHaveAccessibleName(call)
  const context = `(${theme}, ${language})`
  expect.soft(await focusRingProblems(page), `focus ring of a waterfall bar ${context}`).toEqual([])
  expect.soft(await targetSizeProblems(bars), `waterfall bars as targets ${context}`).toEqual([])
  // The checkpoints on the axis are links of their own, each a full target.
  const marks = page.getByTestId('waterfall-checkpoints').getByRole('link')
  await expect(marks.first()).toBeVisible()
  expect.soft(await targetSizeProblems(marks), `checkpoint marks as targets ${context}`).toEqual([])
  expect.soft(await namesReadTwice(page), `names read again as descriptions ${context}`).toEqual([])
  // The tab panel only: the page around it is audited with this tab open in the session page's walk.
  await scan('waterfall with a bar focused', '[role="tabpanel"]')
}

/**
 * Enter on that bar opens its entry in the transcript, with focus on the entry. The transcript is
 * a feed: one Tab stop (the entry focus is on, and its own controls), Page Down / Page Up move by
 * entry, every entry and button has a name of its own, turn headings say the turn's number and
 * first words; the entries' "#" buttons contrast at rest; with two tool cards open, each card's
 * links are a navigation landmark named after it.
 */
async function transcriptFromTheWaterfall(walk: Walk) {
  const { page, text, pattern, scan, theme, language } = walk
  const context = `(${theme}, ${language})`
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/tab=transcript&entry=tool/)
  const entry = new URL(page.url()).searchParams.get('entry') ?? ''
  const opened = page.locator(`article[data-entry="${entry}"]`)
  await expect.soft(opened, `focus on the entry the bar opened ${context}`).toBeFocused()

  const feed = page.getByRole('feed', { name: text('sessions.transcript.label') })
  const tabStops = () =>
    feed.evaluate((element) => {
      const stops = [
        ...element.querySelectorAll<HTMLElement>('a[href], button, input, textarea, select, [tabindex]'),
      ]
        .filter((candidate) => candidate.tabIndex >= 0 && !candidate.matches(':disabled'))
        .map((candidate) => candidate.closest('article[data-index]')?.getAttribute('data-index') ?? 'feed')
      return [...new Set(stops)]
    })
  const index = Number(await opened.getAttribute('data-index'))
  expect
    .soft(await tabStops(), `the feed's Tab stops are the focused entry's ${context}`)
    .toEqual([String(index)])
  await page.keyboard.press('PageDown')
  await expect.soft(feed.locator(`article[data-index="${index + 1}"]`)).toBeFocused()
  await page.keyboard.press('PageUp')
  await expect.soft(opened).toBeFocused()

  const names = await feed.evaluate((element) => ({
    articles: [...element.querySelectorAll('article')].map(
      (article) => article.getAttribute('aria-label') ?? '',
    ),
    buttons: [...element.querySelectorAll('button')].map(
      (button) => button.getAttribute('aria-label') ?? button.textContent ?? '',
    ),
    headings: [...element.querySelectorAll('h3')].map((heading) => heading.textContent ?? ''),
  }))
  const repeated = (list: string[]) => list.filter((name, at) => name === '' || list.indexOf(name) !== at)
  expect.soft(repeated(names.articles), `entries without a name of their own ${context}`).toEqual([])
  expect.soft(repeated(names.buttons), `buttons without a name of their own ${context}`).toEqual([])
  expect.soft(names.headings.length).toBeGreaterThan(0)
  for (const heading of names.headings)
    expect.soft(heading, `a turn heading ${context}`).toMatch(pattern('sessions.transcript.turnHeading'))

  // At rest: no pointer over the list, focus outside it.
  await page.mouse.move(0, 0)
  await page.getByRole('tab', { name: text('sessions.inspector.tabs.transcript') }).focus()
  // Each entry's "#" button (it selects the entry: aria-pressed).
  const contrast = await lowestTextContrast(feed.locator('article > div > button[aria-pressed]'))
  expect
    .soft(contrast.ratio, `"#" buttons at rest: ${contrast.element} ${context}`)
    .toBeGreaterThanOrEqual(4.5)

  // The opened call's card is open; open a second one.
  const closed = feed.locator('button[aria-expanded="false"][aria-controls^="transcript-tool-"]').first()
  await closed.click()
  await expect(feed.getByRole('navigation')).toHaveCount(2)
  await scan('transcript with tool cards open', '[role="tabpanel"]')
}

async function selectTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true })
  await tab.click()
  await expect(tab).toHaveAttribute('aria-selected', 'true')
}

/** Nothing on the screen is still loading (sessions stream forever, so no "network idle"). */
async function settled(walk: Walk) {
  await expect(
    walk.page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: new RegExp(`^(${walk.text('ui.loading')}|${walk.text('ui.loadingEllipsis')})`) }),
  ).toHaveCount(0, { timeout: 20_000 })
}

async function chooseLanguage(page: Page, language: Language) {
  const select = page.getByRole('combobox', {
    name: new RegExp(`^(${message('en', 'app.language.label')}|${message('zh-CN', 'app.language.label')})$`),
  })
  await select.selectOption(language)
  await expect(page.locator('html')).toHaveAttribute('lang', language)
}

/** Clicks the header's theme toggle until it reports `theme` as the current choice. */
async function chooseTheme(walk: Walk) {
  const { page, text, theme } = walk
  const next = theme === 'light' ? 'dark' : 'system'
  const chosen = text('app.theme.toggle', {
    current: text(`app.theme.${theme}`),
    next: text(`app.theme.${next}`).toLowerCase(),
  })
  const toggle = page.getByRole('button', { name: walk.pattern('app.theme.toggle') })
  for (let clicks = 0; clicks < 3 && (await toggle.getAttribute('aria-label')) !== chosen; clicks += 1) {
    await toggle.click()
  }
  await expect(toggle).toHaveAttribute('aria-label', chosen)
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
  // Colours fade to the new theme (transition-colors): audit them once they have arrived, not
  // halfway between the two themes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

async function walkDialog(walk: Walk, dialog: DialogState) {
  const { page } = walk
  await dialog.prepare?.(walk)
  const trigger = dialog.trigger(walk)
  await trigger.focus()
  await page.keyboard.press('Enter')
  const shown = page.getByRole('dialog', { name: dialog.title(walk) })
  await expect(shown).toBeVisible()
  // Focus is inside the dialog (trapped there by Radix)…
  await expect.poll(() => shown.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  await walk.scan(dialog.name)
  await page.keyboard.press('Escape')
  await expect(shown).toBeHidden()
  // …and back on the control that opened it.
  await expect(trigger).toBeFocused()
}

// Language last: the console keeps the chosen language in this browser, and choosing it is a
// whole re-render, so each route's test changes it once.
const COMBINATIONS = [
  { theme: 'light', language: 'en' },
  { theme: 'dark', language: 'en' },
  { theme: 'light', language: 'zh-CN' },
  { theme: 'dark', language: 'zh-CN' },
] as const satisfies { theme: Theme; language: Language }[]

const VIEWPORT = { width: 1400, height: 900 }

for (const route of ROUTES) {
  // One test per route (the walk runs in parallel across routes); in it, each theme × language
  // combination starts from the route's own address in the same browser.
  test(`axe: ${route.name} (light and dark, en and zh-CN)`, async ({ page, login, checkA11y }) => {
    test.setTimeout(COMBINATIONS.length * 60_000)
    for (const [index, { theme, language }] of COMBINATIONS.entries()) {
      await page.setViewportSize(VIEWPORT)
      // The system asks for the other theme: only the toggle can make the page `theme`.
      await page.emulateMedia({ colorScheme: theme === 'light' ? 'dark' : 'light' })
      let scans = 0
      const walk: Walk = {
        page,
        language,
        theme,
        text: (id, values) => message(language, id, values),
        pattern: (id) => messagePattern(language, id),
        scan: async (state, include) => {
          scans += 1
          await checkA11y(page, `${route.name}: ${state} (${theme}, ${language})`, include)
        },
      }
      // Signed in straight onto the route (the login walk signs out every time, so it signs in
      // every time); the header's own controls choose the language and the theme there.
      if (index === 0 || route.path === '/login') {
        await login('alice', route.path === '/login' ? '/environments' : route.path)
      } else {
        await navigateInApp(page, route.path)
      }
      await chooseLanguage(page, language)
      await chooseTheme(walk)
      if (route.path === '/login') {
        await page.getByRole('button', { name: walk.text('identity.userMenu.signOut') }).click()
        await expect(page).toHaveURL(/\/login/)
      }
      await route.ready(walk)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await settled(walk)
      await walk.scan('page')
      for (const tab of route.tabs ?? []) {
        await selectTab(page, walk.text(tab))
        await settled(walk)
        await walk.scan(`tab ${walk.text(tab)}`)
      }
      for (const dialog of route.dialogs ?? []) await walkDialog(walk, dialog)
      await route.extra?.(walk)
      console.log(`a11y walk: ${route.name} (${theme}, ${language}): ${scans} axe scans`)
    }
  })
}

test('the audit reports violations: an unnamed button, faint text and a missing language', async ({
  page,
}) => {
  await page.setContent(
    '<!doctype html><title>probe</title><main><h1>Probe</h1><button></button>' +
      '<p style="color:#ccc;background:#fff">faint</p></main>',
  )
  const violations = (await axeViolations(page)).map((line) => line.split(' ')[0])
  expect(violations).toEqual(expect.arrayContaining(['button-name', 'color-contrast', 'html-has-lang']))
})

test('with reduced motion the spinner and the pulsing dot stand still', async ({ page, login }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await login('alice')
  const animations = await page.evaluate(() =>
    ['animate-spin', 'animate-pulse'].map((name) => {
      const probe = document.body.appendChild(document.createElement('span'))
      probe.className = name
      const style = getComputedStyle(probe)
      const result = { name, iterations: style.animationIterationCount, duration: style.animationDuration }
      probe.remove()
      return result
    }),
  )
  for (const animation of animations) {
    expect(animation.iterations, animation.name).toBe('1')
    expect(Number.parseFloat(animation.duration), animation.name).toBeLessThan(0.001)
  }
})

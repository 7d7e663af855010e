/**
 * `npm run screenshots`: builds the console, serves it with the bundled mock and saves a picture of
 * each main screen to docs/screenshots/, so the README shows what the console looks like today.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { assertPortsFree, portFromEnv } from './ports.ts'

const port = portFromEnv('SCREENSHOTS_PORT', 4399)
await assertPortsFree([{ port, variable: 'SCREENSHOTS_PORT' }])
const origin = `http://127.0.0.1:${port}`
const outDir = 'docs/screenshots'

type Screen = {
  name: string
  path: string
  /** Text that shows the screen has its data. */
  ready: string
  /** Streams never go idle: those screens wait for their text and a moment instead. */
  isLive?: boolean
  colorScheme?: 'light' | 'dark'
  locale?: 'en' | 'zh-CN'
  /** Something to do once the screen is ready (open a dialog, type a query). */
  act?: (page: Page) => Promise<void>
}

const screens: Screen[] = [
  { name: 'environments', path: '/environments', ready: 'build-workers' },
  { name: 'environment-workers', path: '/environments/env_buildworkers01?tab=workers', ready: 'worker-a' },
  { name: 'agents', path: '/agents', ready: 'release-helper' },
  {
    name: 'agent-session-defaults',
    path: '/agents/3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01?tab=runtime',
    ready: 'Session defaults',
  },
  { name: 'sessions', path: '/sessions', ready: 'Sessions' },
  {
    name: 'session-transcript',
    path: '/sessions/sess_builddone0001',
    ready: 'Submit a turn',
    isLive: true,
    act: async (page) => {
      await showTabs(page)
      const card = page.getByRole('article', { name: /^Tool call write_file/ }).first()
      await card.getByRole('button', { name: /write_file/ }).click()
      await page.waitForTimeout(300)
    },
  },
  {
    name: 'session-transcript-dark',
    path: '/sessions/sess_builddone0001',
    ready: 'Submit a turn',
    isLive: true,
    colorScheme: 'dark',
    act: async (page) => {
      await showTabs(page)
      const card = page.getByRole('article', { name: /^Tool call read_file/ }).first()
      await card.getByRole('button', { name: /read_file/ }).click()
      await page.waitForTimeout(300)
    },
  },
  {
    name: 'session-waterfall',
    path: '/sessions/sess_builddone0001?tab=waterfall',
    ready: 'Submit a turn',
    isLive: true,
    act: async (page) => {
      // The first bar focused, with the tab's controls and legend (claim and result marks) in view.
      await page.getByRole('group', { name: 'Waterfall' }).getByRole('button').first().focus()
      await page
        .getByRole('tablist', { name: 'Session views' })
        .evaluate((tabs) => tabs.scrollIntoView({ block: 'start', behavior: 'instant' }))
      await page.waitForTimeout(300)
    },
  },
  {
    name: 'session-events',
    path: '/sessions/sess_builddone0001?tab=events',
    ready: 'Submit a turn',
    isLive: true,
  },
  {
    name: 'session-tool-records',
    path: '/sessions/sess_builddone0001?tab=tools',
    ready: 'Show in events',
    isLive: true,
  },
  {
    name: 'session-dark',
    path: '/sessions/sess_needsapprove1',
    ready: 'Submit a turn',
    isLive: true,
    colorScheme: 'dark',
  },
  {
    name: 'command-palette',
    path: '/environments',
    ready: 'build-workers',
    act: async (page) => {
      await page.keyboard.press('Control+k')
      await page.getByRole('combobox', { name: /Search commands/ }).fill('build')
      await page
        .getByRole('option', { name: /build-workers/ })
        .first()
        .waitFor()
    },
  },
  { name: 'environments-zh-CN', path: '/environments', ready: 'build-workers', locale: 'zh-CN' },
]

/** Scrolls the session's tabs to the top of the window, so the picture shows the tab's content. */
async function showTabs(page: Page) {
  await page.getByRole('tablist', { name: 'Session views' }).evaluate((tabs) => {
    window.scrollTo({ top: tabs.getBoundingClientRect().top + window.scrollY - 8 })
  })
}

async function waitForServer(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
mkdirSync(outDir, { recursive: true })
const preview = spawn(
  'npx',
  ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
  {
    stdio: 'ignore',
    detached: true,
  },
)
try {
  await waitForServer(origin, 30_000)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-quic'],
  })
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 }, deviceScaleFactor: 1 })
  await page.goto(`${origin}/login`)
  await page.getByRole('button', { name: 'Sign in as alice' }).click()
  await page.waitForURL(/environments/)
  for (const screen of screens) {
    await page.emulateMedia({ colorScheme: screen.colorScheme ?? 'light' })
    await page.evaluate((locale) => localStorage.setItem('asc.locale', locale), screen.locale ?? 'en')
    await page.goto(`${origin}${screen.path}`)
    await page.getByText(screen.ready, { exact: true }).first().waitFor()
    if (screen.isLive) await page.waitForTimeout(1500)
    else await page.waitForLoadState('networkidle')
    await screen.act?.(page)
    await page.screenshot({ path: `${outDir}/${screen.name}.png` })
    console.log(`saved ${outDir}/${screen.name}.png`)
  }
  await browser.close()
} finally {
  if (preview.pid) process.kill(-preview.pid)
}

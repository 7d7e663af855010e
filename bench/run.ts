/**
 * `npm run bench [-- --json] [-- --runs 3] [-- --no-build] [-- --only <part>] [-- --baseline <ref>]`:
 * the console at scale, in real Chromium against the mock served over HTTP with generated data
 * (10,000 environments, a session with 100,000 events). Prints `name: value unit` per figure (the
 * median of the runs), or one JSON object. `--only start-up` measures the first route's size and
 * first paint (and the 10,000-row list) without the session and live figures, which take most of
 * the time; `--only first-content` adds the large session's first event row and first transcript
 * block (no scrolling, filtering or live runs), for quick comparisons; `--only steer` the steering
 * figure alone; `--only export-offline` exports the large session and opens the file in the offline
 * viewer, nothing else. `--baseline <ref>` also builds that commit (outside the working tree) and measures both
 * builds behind the same mock, round by round, printing this tree / baseline per figure.
 * `--only tree` measures only the waterfall of a session with 50 sub-agents of 1,000 events each.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumPath } from '../scripts/chromium.ts'
import { assertPortsFree, portFromEnv } from '../scripts/ports.ts'
import { compare, formatRatio, formatTable, median } from './compare.ts'

const PREVIEW_PORT = portFromEnv('BENCH_PREVIEW_PORT', 4600)
const MOCK_PORT = portFromEnv('BENCH_MOCK_PORT', 4601)
const BASELINE_PORT = portFromEnv('BENCH_BASELINE_PORT', 4602)
const GATEWAY = `http://127.0.0.1:${MOCK_PORT}`
// The browser (scripts/chromium.ts): the headless shell when it is installed. `/usr/bin/chromium`
// opens a browser window for each fresh context, and with it the browser's own omnibox-popup page
// (chrome://omnibox-popup.top-chrome, about 400 requests of its own): in a trace of one session
// load that page's renderer took about 1.4 s of main-thread time while the console loaded, on a
// 2-core machine. No user's page competes with that, and it weighs the same on both builds of a
// `--baseline` run, so it pulled every ratio towards 1. `CHROMIUM_PATH` chooses another browser.
const LARGE_SESSION = 'sess_largehistory1'
const LARGE_EVENTS = 100_000
const BULK_ENVIRONMENTS = 10_000
const SCROLL_ROWS = 10_000
const ROW_PX = 30
/** A fast scroll: 20 rows a frame, so 10,000 rows pass in about 500 frames. */
const SCROLL_STEP_PX = 600
/** `tree_50_children_first_ms`: a session with this many sub-agents of this many events each. */
const TREE_SESSION = 'sess_bulktree00001'
const TREE_CHILDREN = 50
const TREE_CHILD_EVENTS = 1000
const LIVE_RATE = 300
const LIVE_MS = 30_000
/** Its own build folder, so a benchmark never overwrites the `dist` other runs serve. */
const OUT_DIR = 'node_modules/.tmp/bench-dist'

const args = process.argv.slice(2)
const asJson = args.includes('--json')
const runsIndex = args.indexOf('--runs')
const runs = Math.max(1, runsIndex >= 0 ? Number(args[runsIndex + 1] ?? 3) : 3)
const onlyIndex = args.indexOf('--only')
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined
const ONLY = ['start-up', 'first-content', 'steer', 'export-offline', 'tree'] as const
if (only !== undefined && !(ONLY as readonly string[]).includes(only)) {
  console.error(`--only takes one of ${ONLY.join(', ')} (got ${only ?? 'nothing'})`)
  process.exit(2)
}
const startUpOnly = only === 'start-up'
/** The start-up figures and the large session's first rows and first transcript block, nothing after. */
const firstContentOnly = only === 'first-content'
/** Only the steering figure (the start-up figures still run: they are quick and warm the builds). */
const steerOnly = only === 'steer'
/** The large session exported, and the export opened in the offline viewer; nothing else. */
const exportOfflineOnly = only === 'export-offline'
/** The sub-agent tree's waterfall only (`tree_50_children_first_ms`). */
const treeOnly = only === 'tree'
const baselineIndex = args.indexOf('--baseline')
const baselineRef = baselineIndex >= 0 ? args[baselineIndex + 1] : undefined
if (baselineIndex >= 0 && (baselineRef === undefined || baselineRef.startsWith('--'))) {
  console.error('--baseline takes a git ref (a commit, branch or tag)')
  process.exit(2)
}
const log = (message: string) => {
  if (!asJson) console.info(message)
  else process.stderr.write(`${message}\n`)
}

const children: ChildProcess[] = []
function start(
  command: string,
  commandArgs: string[],
  env: Record<string, string> = {},
  cwd?: string,
): ChildProcess {
  // Its own process group, so stopping it also stops what it started (tsx's node, vite's esbuild).
  const child = spawn(command, commandArgs, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  child.stdout?.resume()
  child.stderr?.resume()
  children.push(child)
  return child
}
function stopAll() {
  for (const child of children) {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
  }
}
process.on('exit', stopAll)

async function run(command: string, commandArgs: string[], cwd?: string): Promise<void> {
  await new Promise<void>((done, reject) => {
    const child = spawn(command, commandArgs, { cwd, stdio: ['ignore', 'ignore', 'inherit'] })
    child.on('exit', (code) => (code === 0 ? done() : reject(new Error(`${command} exited ${code}`))))
  })
}

async function output(command: string, commandArgs: string[]): Promise<string> {
  return await new Promise<string>((done, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] })
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.on('exit', (code) =>
      code === 0
        ? done(text.trim())
        : reject(new Error(`${command} ${commandArgs.join(' ')} exited ${code}`)),
    )
  })
}

/**
 * The baseline's build, in a folder of the system's temp dir named after its commit (reused by
 * later runs): its files from `git archive` (no checkout, so the working tree and its index are
 * untouched), this tree's node_modules when the lockfiles are identical, else its own from
 * `npm ci --prefer-offline`, and `vite build` with its own config.
 */
async function buildBaseline(ref: string): Promise<{ dir: string; sha: string }> {
  const sha = await output('git', ['rev-parse', '--verify', `${ref}^{commit}`])
  const dir = join(tmpdir(), `console-bench-${sha.slice(0, 12)}`)
  const builtMark = join(dir, '.bench-built')
  if (existsSync(builtMark) && readFileSync(builtMark, 'utf8') === sha) {
    log(`baseline ${ref} (${sha.slice(0, 12)}): reusing the build in ${dir}`)
    return { dir, sha }
  }
  log(`baseline ${ref} (${sha.slice(0, 12)}): extracting into ${dir}…`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  await new Promise<void>((done, reject) => {
    const archive = spawn('git', ['archive', '--format=tar', sha], { stdio: ['ignore', 'pipe', 'inherit'] })
    const extract = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'inherit'] })
    archive.stdout.pipe(extract.stdin)
    archive.on('exit', (code) => code !== 0 && reject(new Error(`git archive exited ${code}`)))
    extract.on('exit', (code) => (code === 0 ? done() : reject(new Error(`tar exited ${code}`))))
  })
  const sameLockfile =
    readFileSync('package-lock.json', 'utf8') === readFileSync(join(dir, 'package-lock.json'), 'utf8')
  if (sameLockfile) {
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir')
  } else {
    log('  its lockfile differs: npm ci --prefer-offline…')
    await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], dir)
  }
  log('  building it (vite build)…')
  await run(
    'node_modules/.bin/vite',
    ['build', '--logLevel', 'error', '--outDir', 'dist', '--emptyOutDir'],
    dir,
  )
  writeFileSync(builtMark, sha)
  return { dir, sha }
}

async function waitFor(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server for ${url} exited (code ${server.exitCode})`)
    try {
      await fetch(url)
      return
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not come up`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

type Auth = { token: string; userId: string; username: string; roles: string[] }

async function login(): Promise<Auth> {
  const response = await fetch(`${GATEWAY}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'alice', password: 'alice' }),
  })
  return (await response.json()) as Auth
}

/**
 * Points a build at the bench's mock the way a deployment points the console at its Gateway: with
 * the console-config.json it serves. (Intercepting the page's requests for that file instead would
 * send every request of the page, each script and each API call, through the test driver and back:
 * a delay per request that no user has, and that grows with the number of files a page loads.)
 */
function serveRealApi(outDir: string) {
  writeFileSync(join(outDir, 'console-config.json'), JSON.stringify({ apiMode: 'real', apiBaseUrl: GATEWAY }))
}

/** A mark's time, as the page tells it, and the way the page's binding sets it. */
type MarkSlot = { at: Promise<number>; set: (at: number) => void }

/**
 * The marks each page has set, as the page tells them (see waitForMark): one deferred value per
 * name, made by whichever comes first, the page's mark or the bench's wait.
 */
const pageMarks = new WeakMap<Page, Map<string, MarkSlot>>()

function markSlot(page: Page, name: string): MarkSlot {
  let marks = pageMarks.get(page)
  if (!marks) {
    marks = new Map<string, MarkSlot>()
    pageMarks.set(page, marks)
  }
  let slot = marks.get(name)
  if (!slot) {
    let set: (at: number) => void = () => undefined
    const at = new Promise<number>((resolve) => (set = resolve))
    marks.set(name, (slot = { at, set }))
  }
  return slot
}

/** A fresh page (real-API mode: see serveRealApi), signed in, with row observers installed before anything runs. */
async function openPage(browser: Browser, auth: Auth): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  // The page tells each mark as it sets it. Waiting for content with a locator or waitForFunction
  // instead has Playwright evaluate its selector engine in the page, about 200 ms after the
  // navigation, in the middle of the start-up being measured: 43 ms later on the environment
  // list's first row and 59 ms later on the transcript's first block (medians of 8 interleaved
  // rounds, one build), time no operator's browser spends.
  await page.exposeBinding('__benchMark', (_source, name: string, at: number) => markSlot(page, name).set(at))
  // tsx names functions with an `__name` helper the page does not have.
  await page.addInitScript({ content: 'window.__name = (fn) => fn' })
  await page.addInitScript((stored) => {
    sessionStorage.setItem(
      'asc.auth',
      JSON.stringify({
        token: stored.token,
        user: { userId: stored.userId, username: stored.username, roles: stored.roles },
      }),
    )
    const w = window as unknown as Record<string, unknown>
    const marks: Record<string, number> = {}
    const seen = new Map<string, number>()
    const transcriptSeen = new Map<string, number>()
    let duplicates = 0
    w.__bench = { marks, seen, transcriptSeen, duplicates: () => duplicates }
    const rowSelector = 'tbody tr a[href^="/environments/"]'
    const defaultTabSelector = '[role="feed"] [data-entry], [data-event-id]'
    // Painted, not just inserted: the frame that renders the content runs its animation-frame
    // callbacks, then styles, lays out and paints; a task posted from that callback runs after
    // the paint.
    const tell = (key: string, at: number) => {
      marks[key] = at
      ;(w.__benchMark as ((name: string, at: number) => void) | undefined)?.(key, at)
    }
    const markPainted = (key: string) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => tell(key, performance.now())
        channel.port2.postMessage(null)
      })
    const observer = new MutationObserver((records) => {
      const now = performance.now()
      if (marks.envRow === undefined && document.querySelector(rowSelector)) {
        tell('envRow', now)
        markPainted('envRowPainted')
      }
      // The default tab's first content: a transcript block, or an event row on a build whose
      // default tab is the event log (a baseline from before the transcript).
      if (marks.defaultTabFirst === undefined && document.querySelector(defaultTabSelector)) {
        tell('defaultTabFirst', now)
        markPainted('defaultTabPainted')
      }
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue
          // Transcript blocks of single events (the burst's deltas name no message to join).
          const blocks = node.matches('[data-entry^="event:"]')
            ? [node]
            : node.querySelectorAll('[data-entry^="event:"]')
          for (const block of blocks) {
            const id = block.getAttribute('data-entry')!.slice('event:'.length)
            if (!transcriptSeen.has(id)) transcriptSeen.set(id, performance.timeOrigin + now)
          }
          const rows = node.matches('[data-event-id]') ? [node] : node.querySelectorAll('[data-event-id]')
          for (const row of rows) {
            const id = row.getAttribute('data-event-id')
            if (!id) continue
            if (marks.eventRow === undefined) {
              tell('eventRow', now)
              markPainted('eventRowPainted')
            }
            if (!seen.has(id)) seen.set(id, performance.timeOrigin + now)
          }
        }
      }
      // A row twice in the list at once is a duplicate the user sees.
      const ids = [...document.querySelectorAll('[data-event-id]')].map((row) =>
        row.getAttribute('data-event-id'),
      )
      if (new Set(ids).size !== ids.length) duplicates += 1
    })
    observer.observe(document, { childList: true, subtree: true })
    const longTasks: number[] = []
    w.__longTasks = longTasks
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration)
    }).observe({ type: 'longtask', buffered: true })
  }, auth)
  return page
}

/**
 * A mark's time, once the page has set it (told through a binding: no script of Playwright's runs
 * in the page while it starts). Painted marks are set once the frame that drew the content has
 * been painted (see markPainted).
 */
async function waitForMark(page: Page, name: string, timeoutMs = 60_000): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${name} mark within ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    return await Promise.race([markSlot(page, name).at, timeout])
  } finally {
    clearTimeout(timer)
  }
}

async function entryGzip(browser: Browser, auth: Auth, base: string, logFiles: boolean): Promise<number> {
  const page = await openPage(browser, auth)
  const bodies: Promise<{ name: string; gzip: number }>[] = []
  page.on('response', (response) => {
    const url = response.url()
    const { pathname } = new URL(url)
    if (url.startsWith(base) && /\.(js|css)(\?|$)/.test(pathname))
      bodies.push(
        response.body().then((body) => ({ name: pathname, gzip: gzipSync(body, { level: 9 }).length })),
      )
  })
  await page.goto(`${base}/environments`, { waitUntil: 'networkidle' })
  await page.locator('tbody tr').first().waitFor()
  const files = await Promise.all(bodies)
  await page.context().close()
  // Which files make up the figure, largest first, so a change in it can be traced to a file.
  if (logFiles)
    for (const file of [...files].sort((a, b) => b.gzip - a.gzip))
      log(`  ${(file.gzip / 1024).toFixed(1).padStart(6)} KB  ${file.name}`)
  return files.reduce((sum, file) => sum + file.gzip, 0) / 1024
}

/** Navigation start → the first environment row painted, on a fresh page (nothing cached). */
async function envListFirstPaint(browser: Browser, auth: Auth, base: string): Promise<number> {
  const page = await openPage(browser, auth)
  await page.goto(`${base}/environments`)
  const painted = await waitForMark(page, 'envRowPainted')
  await page.context().close()
  return painted
}

/** How long the list's answer is held back in `envList`: far longer than the page takes to start. */
const LIST_HOLD_MS = 1500

/**
 * 10,000 environments: the list's answer arriving → its first row in the DOM, the work the page does
 * with the data alone. The answer is held back until the page has long finished starting (its
 * code, its first render with the list still loading): a page that asks for the list before its
 * code has loaded would otherwise count its start-up in this interval, and one that asks from its
 * first render would not, so the figure would compare start-up orders rather than the list's cost.
 * The whole journey is `env_list_first_paint_ms`.
 */
async function envList(browser: Browser, auth: Auth, base: string): Promise<number> {
  const page = await openPage(browser, auth)
  await page.route(/\/api\/environments(\?|$)/, async (route) => {
    const response = await route.fetch()
    await new Promise((resolve) => setTimeout(resolve, LIST_HOLD_MS))
    await route.fulfill({ response })
  })
  await page.goto(`${base}/environments`)
  const firstRow = await waitForMark(page, 'envRow')
  const responseEnd = await page.evaluate(() => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/api\/environments(\?|$)/.test(entry.name)) as PerformanceResourceTiming[]
    return entries[0]?.responseEnd ?? Number.NaN
  })
  await page.context().close()
  return firstRow - responseEnd
}

/**
 * Resolves once the page's snapshot has been served: closing the page earlier would leave the
 * single-threaded mock building it while the next measurement starts.
 */
function snapshotServed(page: Page): Promise<void> {
  return page
    .waitForResponse((response) => new URL(response.url()).pathname.endsWith('/snapshot'), {
      timeout: 120_000,
    })
    .then((response) => response.finished())
    .then(
      () => undefined,
      () => undefined,
    )
}

type SessionFigures = {
  firstRows: number
  firstRowsPainted: number
  scrollMaxLongTask: number
  filter: number
  heap: number
}

async function waitForHistory(page: Page, count: number) {
  await page.waitForFunction(
    (expected) => {
      const text = document.getElementById('timeline-keys')?.textContent ?? ''
      const n = Number((/^([\d,]+) events/.exec(text)?.[1] ?? '0').replace(/,/g, ''))
      return n >= expected && !text.includes('loaded so far')
    },
    count,
    { timeout: 180_000, polling: 250 },
  )
}

/**
 * A session with 50 sub-agents of 1,000 events each, opened on its waterfall: the time from the
 * navigation until every child's lane has its bars painted (each lane read through the child
 * routes: a history of its own, not followed live once the child has settled).
 */
async function subagentTree(browser: Browser, auth: Auth, base: string): Promise<number> {
  const page = await openPage(browser, auth)
  await page.goto(`${base}/sessions/${TREE_SESSION}?tab=waterfall`)
  const painted = await page.waitForFunction(
    (children) => {
      const lanes = [...document.querySelectorAll('[data-testid="subagent-lane"]')]
      const done =
        lanes.length >= children &&
        lanes.every((lane) => lane.querySelector('[data-testid="waterfall-lane"] [data-bar]') !== null)
      return done ? performance.now() : false
    },
    TREE_CHILDREN,
    { timeout: 120_000, polling: 'raf' },
  )
  const at = (await painted.jsonValue()) as number
  await page.context().close()
  return Math.round(at)
}

async function largeSession(browser: Browser, auth: Auth, base: string): Promise<SessionFigures> {
  const page = await openPage(browser, auth)
  const snapshot = snapshotServed(page)
  await page.goto(`${base}/sessions/${LARGE_SESSION}?tab=events`)
  const firstRows = await waitForMark(page, 'eventRow')
  const firstRowsPainted = await waitForMark(page, 'eventRowPainted')
  if (firstContentOnly) {
    await snapshot
    await page.context().close()
    return {
      firstRows,
      firstRowsPainted,
      scrollMaxLongTask: Number.NaN,
      filter: Number.NaN,
      heap: Number.NaN,
    }
  }
  await waitForHistory(page, LARGE_EVENTS)
  await page.waitForTimeout(500)

  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await page.evaluate(
    () =>
      (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize / 1024 / 1024,
  )

  // Scroll through 10,000 rows from the top, one step a frame, and keep the longest task.
  const scrollMaxLongTask = await page.evaluate(
    async ({ rows, rowPx, step }) => {
      const list = document.querySelector<HTMLElement>('[role="list"][aria-label="Session events"]')!
      list.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true }))
      list.scrollTop = 0
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const longTasks = (window as unknown as { __longTasks: number[] }).__longTasks
      longTasks.length = 0
      const target = rows * rowPx
      while (list.scrollTop < target) {
        const before = list.scrollTop
        list.scrollTop = before + step
        await new Promise((resolve) => requestAnimationFrame(resolve))
        if (list.scrollTop === before) break
      }
      await new Promise((resolve) => setTimeout(resolve, 300))
      return Math.max(0, ...longTasks)
    },
    { rows: SCROLL_ROWS, rowPx: ROW_PX, step: SCROLL_STEP_PX },
  )

  // Apply a type filter and time it until the rows show only that type.
  const filter = await page.evaluate(async () => {
    // The type filter is the select that offers the event types (it has no id of its own).
    const select = [...document.querySelectorAll<HTMLSelectElement>('select')].find((element) =>
      element.querySelector('option[value="tool.completed"]'),
    )!
    const type = 'tool.completed'
    const list = document.querySelector<HTMLElement>('[role="list"][aria-label="Session events"]')!
    const done = new Promise<number>((resolve) => {
      const check = () => {
        const rows = [...list.querySelectorAll('[data-event-id]')]
        return rows.length > 0 && rows.every((row) => row.textContent?.includes(type))
      }
      const observer = new MutationObserver(() => {
        if (check()) {
          observer.disconnect()
          resolve(performance.now())
        }
      })
      observer.observe(list, { childList: true, subtree: true, characterData: true })
    })
    const started = performance.now()
    select.value = type
    select.dispatchEvent(new Event('change', { bubbles: true }))
    return (await done) - started
  })
  await page.context().close()
  return { firstRows, firstRowsPainted, scrollMaxLongTask, filter, heap }
}

type LiveFigures = { p95: number; missingOrDuplicate: number }

async function live(
  browser: Browser,
  auth: Auth,
  base: string,
  expectedBefore: number,
): Promise<LiveFigures> {
  const page = await openPage(browser, auth)
  await page.goto(`${base}/sessions/${LARGE_SESSION}?tab=events`)
  await waitForHistory(page, expectedBefore)
  await page.waitForTimeout(1000)
  const countText = () => page.locator('#timeline-keys').textContent()
  const countOf = (text: string | null) =>
    Number((/^([\d,]+) events/.exec(text ?? '')?.[1] ?? '0').replace(/,/g, ''))
  const before = countOf(await countText())
  const response = await fetch(`${GATEWAY}/__mock/sessions/${LARGE_SESSION}/burst`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rate: LIVE_RATE, durationMs: LIVE_MS }),
  })
  const { sent } = (await response.json()) as { sent: { id: string; createdAt: number }[] }
  await page.waitForTimeout(2000)
  const after = countOf(await countText())
  const { seen, duplicates } = await page.evaluate(() => {
    const bench = (window as unknown as { __bench: { seen: Map<string, number>; duplicates: () => number } })
      .__bench
    return { seen: Object.fromEntries(bench.seen), duplicates: bench.duplicates() }
  })
  const lags: number[] = []
  for (const event of sent) {
    const shownAt = seen[event.id]
    if (shownAt !== undefined) lags.push(shownAt - event.createdAt)
  }
  // After the stream: scroll up through the list from its end and find every sent event exactly
  // once (an id at two row positions is a duplicate).
  const check = await page.evaluate(
    async (ids) => {
      const list = document.querySelector<HTMLElement>('[role="list"][aria-label="Session events"]')!
      list.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true }))
      await new Promise((resolve) => setTimeout(resolve, 200))
      list.scrollTop = list.scrollHeight
      const wanted = new Set(ids)
      const positions = new Map<string, Set<string>>()
      let extra = 0
      for (let step = 0; step < 5000 && extra < 20; step += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve))
        await new Promise((resolve) => requestAnimationFrame(resolve))
        for (const row of list.querySelectorAll('[data-event-id]')) {
          const id = row.getAttribute('data-event-id')!
          if (!positions.has(id)) positions.set(id, new Set())
          positions.get(id)!.add(row.getAttribute('data-index') ?? '')
          wanted.delete(id)
        }
        if (wanted.size === 0) extra += 1
        if (list.scrollTop === 0) break
        list.scrollTop = Math.max(0, list.scrollTop - list.clientHeight)
      }
      let duplicated = 0
      for (const indexes of positions.values()) if (indexes.size > 1) duplicated += 1
      return { missing: wanted.size, duplicated }
    },
    sent.map((event) => event.id),
  )
  await page.context().close()
  log(
    `  live: sent ${sent.length}, rendered while streaming ${lags.length}, count ${before} → ${after}, ` +
      `missing ${check.missing}, duplicated ${check.duplicated}, duplicate rows seen ${duplicates}`,
  )
  return {
    p95: percentile(lags, 95),
    missingOrDuplicate:
      check.missing + check.duplicated + duplicates + Math.abs(after - before - sent.length),
  }
}

/** The whole history is in: the stream is live (it opens only after the last page). */
async function waitForLive(page: Page) {
  await page
    .getByTestId('live-status')
    .filter({ hasText: /^\s*Live/ })
    .waitFor({ timeout: 180_000 })
}

type TranscriptFigures = { first: number; firstPainted: number; scrollMaxLongTask: number }

async function largeTranscript(browser: Browser, auth: Auth, base: string): Promise<TranscriptFigures> {
  const page = await openPage(browser, auth)
  const snapshot = snapshotServed(page)
  await page.goto(`${base}/sessions/${LARGE_SESSION}`)
  const first = await waitForMark(page, 'defaultTabFirst')
  const firstPainted = await waitForMark(page, 'defaultTabPainted')
  if (firstContentOnly) {
    await snapshot
    await page.context().close()
    return { first, firstPainted, scrollMaxLongTask: Number.NaN }
  }
  await waitForLive(page)
  await page.waitForTimeout(500)
  if ((await page.locator('[role="feed"]').count()) === 0) {
    // A build without the transcript: its first content counts, the transcript's scrolling does not.
    await page.context().close()
    return { first, firstPainted, scrollMaxLongTask: Number.NaN }
  }
  // Scroll the transcript from the top as fast as the event timeline is scrolled (600 px a frame)
  // for as far as 10,000 event rows reach, and keep the longest task.
  const scrollMaxLongTask = await page.evaluate(
    async ({ distance, step }) => {
      const feed = document.querySelector<HTMLElement>('[role="feed"]')!
      // A reader scrolling up stops the following of the newest block.
      feed.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true }))
      feed.scrollTop = 0
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const longTasks = (window as unknown as { __longTasks: number[] }).__longTasks
      longTasks.length = 0
      while (feed.scrollTop < distance) {
        const before = feed.scrollTop
        feed.scrollTop = before + step
        await new Promise((resolve) => requestAnimationFrame(resolve))
        if (feed.scrollTop === before) break
      }
      await new Promise((resolve) => setTimeout(resolve, 300))
      return Math.max(0, ...longTasks)
    },
    { distance: SCROLL_ROWS * ROW_PX, step: SCROLL_STEP_PX },
  )
  await page.context().close()
  return { first, firstPainted, scrollMaxLongTask }
}

async function transcriptLive(browser: Browser, auth: Auth, base: string): Promise<LiveFigures> {
  const page = await openPage(browser, auth)
  await page.goto(`${base}/sessions/${LARGE_SESSION}`)
  await waitForLive(page)
  await page.waitForTimeout(1000)
  if ((await page.locator('[role="feed"]').count()) === 0) {
    // No transcript in this build: no burst either, so the session's event count stays as expected.
    await page.context().close()
    return { p95: Number.NaN, missingOrDuplicate: Number.NaN }
  }
  // Follow the newest block, as a reader of a live conversation does.
  await page.evaluate(() => {
    const feed = document.querySelector<HTMLElement>('[role="feed"]')!
    feed.scrollTop = feed.scrollHeight
  })
  await page.waitForTimeout(500)
  const response = await fetch(`${GATEWAY}/__mock/sessions/${LARGE_SESSION}/burst`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rate: LIVE_RATE, durationMs: LIVE_MS }),
  })
  const { sent } = (await response.json()) as { sent: { id: string; createdAt: number }[] }
  await page.waitForTimeout(2000)
  const seen = await page.evaluate(() =>
    Object.fromEntries(
      (window as unknown as { __bench: { transcriptSeen: Map<string, number> } }).__bench.transcriptSeen,
    ),
  )
  const lags: number[] = []
  for (const event of sent) {
    const shownAt = seen[event.id]
    if (shownAt !== undefined) lags.push(shownAt - event.createdAt)
  }
  // Every sent event is one block, exactly once: scroll up from the end and collect them.
  const check = await page.evaluate(
    async (ids) => {
      const feed = document.querySelector<HTMLElement>('[role="feed"]')!
      feed.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true }))
      feed.scrollTop = feed.scrollHeight
      const wanted = new Set(ids)
      const positions = new Map<string, Set<string>>()
      for (let step = 0; step < 5000 && wanted.size > 0; step += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve))
        await new Promise((resolve) => requestAnimationFrame(resolve))
        for (const block of feed.querySelectorAll('[data-entry^="event:"]')) {
          const id = block.getAttribute('data-entry')!.slice('event:'.length)
          if (!positions.has(id)) positions.set(id, new Set())
          positions.get(id)!.add(block.getAttribute('data-index') ?? '')
          wanted.delete(id)
        }
        if (feed.scrollTop === 0) break
        feed.scrollTop = Math.max(0, feed.scrollTop - feed.clientHeight)
      }
      let duplicated = 0
      for (const indexes of positions.values()) if (indexes.size > 1) duplicated += 1
      return { missing: wanted.size, duplicated }
    },
    sent.map((event) => event.id),
  )
  await page.context().close()
  log(
    `  transcript live: sent ${sent.length}, rendered while streaming ${lags.length}, ` +
      `missing ${check.missing}, duplicated ${check.duplicated}`,
  )
  return { p95: percentile(lags, 95), missingOrDuplicate: check.missing + check.duplicated }
}

/** The seeded session for trying steering, and how many steers the figure is the median of. */
const STEERING_SESSION = 'sess_steeringdemo01'
const STEERS = 20
const LONG_TASK = 'Work through the checklist step by step'

/**
 * Steer sent → "Applied" on screen in the input ledger, for STEERS steers of a long-running turn
 * (a new one is started whenever the last has ended). Each waits for the agent's answer to the
 * previous steer to finish, so every sample is one step boundary's wait plus the console's.
 */
async function steerApplied(browser: Browser, auth: Auth, base: string): Promise<number> {
  const page = await openPage(browser, auth)
  await page.goto(`${base}/sessions/${STEERING_SESSION}`)
  await waitForLive(page)
  const message = page.getByRole('textbox', { name: 'Message' })
  if ((await page.getByRole('radio', { name: 'Steer running turn' }).count()) === 0) {
    // A build without steering.
    await page.context().close()
    return Number.NaN
  }
  const applied = page
    .getByRole('region', { name: 'Steering and context' })
    .getByText('Applied', { exact: true })
  const samples: number[] = []
  for (let index = 0; index < STEERS; index += 1) {
    const steer = page.getByRole('button', { name: 'Steer turn' })
    await page.getByRole('radio', { name: 'Steer running turn' }).check()
    await message.fill(`Steer number ${index + 1}`)
    if (!(await steer.isEnabled())) {
      await page.getByRole('radio', { name: 'New turn' }).check()
      await message.fill(LONG_TASK)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await page.getByRole('radio', { name: 'Steer running turn' }).check()
      await message.fill(`Steer number ${index + 1}`)
      // Enabled once the new turn runs.
      for (let waited = 0; waited < 30_000 && !(await steer.isEnabled()); waited += 100) {
        await page.waitForTimeout(100)
      }
    }
    const before = await applied.count()
    const sentAt = Date.now()
    await steer.click()
    await page.waitForFunction(
      (count) =>
        [...document.querySelectorAll('[data-input-id]')].filter((row) =>
          row.textContent?.includes('Applied'),
        ).length > count,
      before,
      { timeout: 30_000, polling: 'raf' },
    )
    samples.push(Date.now() - sentAt)
    // The agent answers each steer in a message of its own; the next steer waits for it.
    await page.waitForTimeout(1_200)
  }
  await page.context().close()
  log(`  steer applied: ${samples.map((ms) => Math.round(ms)).join(' ')} ms`)
  return percentile(samples, 50)
}

type ExportFigures = { exportMs: number; offlineFirstMs: number }

/**
 * The large session exported from its page (click → the file handed to the browser: the server's
 * 100,000 lines, their SHA-256 and the manifest), then that file opened in the offline viewer with
 * the network cut (the file chosen → the first transcript block painted).
 */
async function exportAndOffline(browser: Browser, auth: Auth, base: string): Promise<ExportFigures> {
  const page = await openPage(browser, auth)
  await page.goto(`${base}/sessions/${LARGE_SESSION}`)
  await waitForLive(page)
  const button = page.getByRole('button', { name: 'Export events (.jsonl)' })
  if ((await button.count()) === 0) {
    // A build from before the export: no figures.
    await page.context().close()
    return { exportMs: Number.NaN, offlineFirstMs: Number.NaN }
  }
  const download = page.waitForEvent('download', { timeout: 180_000 })
  const clickedAt = Date.now()
  await button.click()
  const saved = await download
  const exportMs = Date.now() - clickedAt
  const file = join(tmpdir(), `bench-export-${process.pid}.jsonl`)
  await saved.saveAs(file)
  await page.goto(`${base}/sessions-file`)
  // The viewer's code and strings are in once its file field shows; then the network goes.
  await page.getByLabel('Export file').waitFor()
  await page.context().setOffline(true)
  await page.evaluate(() => {
    const w = window as unknown as Record<string, number>
    document.addEventListener(
      'change',
      (event) => {
        if (event.target instanceof HTMLInputElement && event.target.type === 'file')
          w.__fileChosenAt = performance.now()
      },
      true,
    )
    // Painted, not just inserted (as the environment row's mark): a task posted from the frame's
    // animation-frame callback runs after its paint.
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[role="feed"] [data-entry]')) return
      observer.disconnect()
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          w.__offlineFirstPainted = performance.now()
        }
        channel.port2.postMessage(null)
      })
    })
    observer.observe(document, { childList: true, subtree: true })
  })
  await page.getByLabel('Export file').setInputFiles(file)
  await page.waitForFunction(
    () => (window as unknown as Record<string, number>).__offlineFirstPainted,
    null,
    {
      timeout: 60_000,
    },
  )
  const offlineFirstMs = await page.evaluate(() => {
    const w = window as unknown as Record<string, number>
    return w.__offlineFirstPainted! - w.__fileChosenAt!
  })
  // The whole file read, for the log: how long a 100,000-event file takes to be all in.
  const readAt = Date.now()
  await page
    .getByTestId('offline-file-banner')
    .getByText(/events read from the file/)
    .waitFor({ timeout: 120_000 })
  log(
    `  export ${Math.round(exportMs)} ms (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, ${await page.getByTestId('offline-file-banner').getByRole('status').textContent()}); offline first block ${Math.round(offlineFirstMs)} ms, whole file read ${Date.now() - readAt} ms later`,
  )
  await page.context().close()
  rmSync(file, { force: true })
  return { exportMs, offlineFirstMs }
}

type Target = { label: string; url: string }

const UNITS: Record<string, string> = {
  entry_gzip_kb: 'KB',
  env_list_10k_first_rows_ms: 'ms',
  env_list_first_paint_ms: 'ms',
  session_100k_first_rows_ms: 'ms',
  session_100k_first_rows_painted_ms: 'ms',
  session_100k_scroll_max_long_task_ms: 'ms',
  session_100k_filter_ms: 'ms',
  session_100k_heap_mb: 'MB',
  live_300eps_lag_p95_ms: 'ms',
  live_missing_or_duplicate: 'events',
  session_100k_transcript_first_ms: 'ms',
  session_100k_transcript_first_painted_ms: 'ms',
  transcript_scroll_max_long_task_ms: 'ms',
  transcript_live_lag_p95_ms: 'ms',
  transcript_live_missing_or_duplicate: 'events',
  steer_applied_ms: 'ms',
  export_100k_ms: 'ms',
  offline_100k_first_ms: 'ms',
  tree_50_children_first_ms: 'ms',
}

/** With a baseline, the start-up figures (seconds each) are taken this many times a round. */
const START_UP_PAIRS = 3

async function main() {
  // Figures from someone else's server would be figures of something else.
  await assertPortsFree([
    { port: PREVIEW_PORT, variable: 'BENCH_PREVIEW_PORT' },
    { port: MOCK_PORT, variable: 'BENCH_MOCK_PORT' },
    ...(baselineRef !== undefined ? [{ port: BASELINE_PORT, variable: 'BENCH_BASELINE_PORT' }] : []),
  ])
  const baseline = baselineRef !== undefined ? await buildBaseline(baselineRef) : undefined
  if (!args.includes('--no-build')) {
    log('building the console (vite build)…')
    await run('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', OUT_DIR, '--emptyOutDir'])
  }
  log(`starting the mock on ${GATEWAY} (${BULK_ENVIRONMENTS} environments, ${LARGE_EVENTS} events)…`)
  const mock = start('node_modules/.bin/tsx', [
    'src/mocks/server.ts',
    '--port',
    String(MOCK_PORT),
    '--bulk-environments',
    String(BULK_ENVIRONMENTS),
    '--large-session-events',
    String(LARGE_EVENTS),
    '--bulk-subagents',
    String(TREE_CHILDREN),
    '--bulk-subagent-events',
    String(TREE_CHILD_EVENTS),
  ])
  // Both builds are served the same way, each by the vite of its own tree (its own CSP header).
  const serve = (port: number, outDir: string, cwd?: string) =>
    start(
      resolve(cwd ?? '.', 'node_modules/.bin/vite'),
      ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', outDir],
      { CONSOLE_CSP_CONNECT_SRC: GATEWAY },
      cwd,
    )
  const targets: Target[] = [{ label: 'this tree', url: `http://127.0.0.1:${PREVIEW_PORT}` }]
  serveRealApi(OUT_DIR)
  const servers = [serve(PREVIEW_PORT, OUT_DIR)]
  if (baseline) {
    targets.push({ label: baselineRef!, url: `http://127.0.0.1:${BASELINE_PORT}` })
    serveRealApi(join(baseline.dir, 'dist'))
    servers.push(serve(BASELINE_PORT, 'dist', baseline.dir))
  }
  await waitFor(`${GATEWAY}/api/auth/me`, mock, 180_000)
  for (const [index, target] of targets.entries()) await waitFor(target.url, servers[index]!, 60_000)
  const auth = await login()
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--disable-gpu', '--disable-quic', '--enable-precise-memory-info'],
  })
  const machine = `${cpus().length} cores, Node ${process.versions.node}, Chromium ${browser.version()} (${chromiumPath})`
  const loadBefore = loadavg()[0]!
  // figures[target][name][sample]; sample i of both targets comes from the same round.
  const figures: Record<string, number[]>[] = targets.map(() => ({}))
  const add = (target: number, name: string, value: number) => (figures[target]![name] ??= []).push(value)
  /**
   * Both builds, one after the other, the order swapped every round (ABBA…), so neither is always
   * the one measured on a warmer machine. A build that cannot give a figure (a baseline older than
   * the screen) records NaN, which keeps the rounds aligned.
   */
  const eachTarget = async (round: number, measure: (target: Target, index: number) => Promise<void>) => {
    const order = targets.map((_, index) => index)
    if (round % 2 === 1) order.reverse()
    for (const index of order) await measure(targets[index]!, index)
  }
  let pair = 0
  try {
    for (let index = 0; index < runs; index += 1) {
      log(`run ${index + 1}/${runs}`)
      if (exportOfflineOnly) {
        await eachTarget(index, async (target, t) => {
          const exported = await exportAndOffline(browser, auth, target.url)
          add(t, 'export_100k_ms', exported.exportMs)
          add(t, 'offline_100k_first_ms', exported.offlineFirstMs)
        })
        continue
      }
      if (treeOnly) {
        await eachTarget(index, async (target, t) => {
          add(t, 'tree_50_children_first_ms', await subagentTree(browser, auth, target.url))
        })
        continue
      }
      for (let repeat = 0; repeat < (baseline ? START_UP_PAIRS : 1); repeat += 1) {
        await eachTarget(pair, async (target, t) => {
          if (pair === 0) log(`  files loaded for /environments (${target.label}):`)
          add(t, 'entry_gzip_kb', await entryGzip(browser, auth, target.url, pair === 0))
          add(t, 'env_list_10k_first_rows_ms', await envList(browser, auth, target.url))
          add(t, 'env_list_first_paint_ms', await envListFirstPaint(browser, auth, target.url))
        })
        pair += 1
      }
      if (startUpOnly) continue
      await eachTarget(index, async (target, t) => {
        if (steerOnly) {
          add(t, 'steer_applied_ms', await steerApplied(browser, auth, target.url))
          return
        }
        const session = await largeSession(browser, auth, target.url)
        add(t, 'session_100k_first_rows_ms', session.firstRows)
        add(t, 'session_100k_first_rows_painted_ms', session.firstRowsPainted)
        add(t, 'session_100k_scroll_max_long_task_ms', session.scrollMaxLongTask)
        add(t, 'session_100k_filter_ms', session.filter)
        add(t, 'session_100k_heap_mb', session.heap)
        const transcript = await largeTranscript(browser, auth, target.url)
        add(t, 'session_100k_transcript_first_ms', transcript.first)
        add(t, 'session_100k_transcript_first_painted_ms', transcript.firstPainted)
        add(t, 'transcript_scroll_max_long_task_ms', transcript.scrollMaxLongTask)
        if (!firstContentOnly) add(t, 'steer_applied_ms', await steerApplied(browser, auth, target.url))
        if (!firstContentOnly) {
          const exported = await exportAndOffline(browser, auth, target.url)
          add(t, 'export_100k_ms', exported.exportMs)
          add(t, 'offline_100k_first_ms', exported.offlineFirstMs)
          add(t, 'tree_50_children_first_ms', await subagentTree(browser, auth, target.url))
        }
      })
    }
    // The live runs come last: each adds LIVE_RATE × LIVE_MS events to the large session.
    let expected = LARGE_EVENTS
    for (
      let index = 0;
      index < (startUpOnly || firstContentOnly || steerOnly || exportOfflineOnly || treeOnly ? 0 : runs);
      index += 1
    ) {
      await eachTarget(index, async (target, t) => {
        log(`live run ${index + 1}/${runs} (${target.label})`)
        const figuresLive = await live(browser, auth, target.url, expected)
        expected += (LIVE_RATE * LIVE_MS) / 1000
        add(t, 'live_300eps_lag_p95_ms', figuresLive.p95)
        add(t, 'live_missing_or_duplicate', figuresLive.missingOrDuplicate)
        log(`transcript live run ${index + 1}/${runs} (${target.label})`)
        const transcriptFigures = await transcriptLive(browser, auth, target.url)
        if (Number.isFinite(transcriptFigures.missingOrDuplicate)) expected += (LIVE_RATE * LIVE_MS) / 1000
        add(t, 'transcript_live_lag_p95_ms', transcriptFigures.p95)
        add(t, 'transcript_live_missing_or_duplicate', transcriptFigures.missingOrDuplicate)
      })
    }
  } finally {
    await browser.close()
  }
  const load = { before: loadBefore, after: loadavg()[0]! }
  const names = Object.keys(UNITS).filter((name) => figures[0]![name]?.some(Number.isFinite))
  const result: Record<string, number> = {}
  for (const name of names) result[name] = median(figures[0]![name]!)
  const date = new Date().toISOString()
  if (!baseline) {
    if (asJson) {
      console.info(JSON.stringify({ ...result, runs, date, machine, loadAverage: load }))
    } else {
      for (const name of names) console.info(`${name}: ${result[name]} ${UNITS[name]}`)
      console.info(`runs: ${runs}`)
      console.info(`machine: ${machine}`)
      console.info(`load average (1 min): ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after`)
    }
    return
  }
  const comparisons = Object.fromEntries(
    names.map((name) => [name, compare(figures[0]![name]!, figures[1]![name] ?? [])]),
  )
  if (asJson) {
    const ratios = Object.fromEntries(
      Object.entries(comparisons).map(([name, c]) => [
        name,
        { ratio: c.ratio, min: c.ratioMin, max: c.ratioMax },
      ]),
    )
    const baselineFigures = Object.fromEntries(
      Object.entries(comparisons).map(([name, c]) => [name, Number.isFinite(c.baseline) ? c.baseline : null]),
    )
    console.info(
      JSON.stringify({
        ...result,
        baseline: { ref: baselineRef, commit: baseline.sha, figures: baselineFigures },
        ratios,
        runs,
        date,
        machine,
        loadAverage: load,
      }),
    )
    return
  }
  const cell = (value: number, unit: string) => (Number.isFinite(value) ? `${value} ${unit}` : 'n/a')
  console.info(
    formatTable(
      ['figure', 'this tree', baselineRef!, 'ratio (per-round range)'],
      names.map((name) => [
        name,
        cell(comparisons[name]!.value, UNITS[name]!),
        cell(comparisons[name]!.baseline, UNITS[name]!),
        formatRatio(comparisons[name]!),
      ]),
    ),
  )
  console.info(`baseline: ${baselineRef} = ${baseline.sha}`)
  console.info(`runs: ${runs} (start-up figures ${runs * START_UP_PAIRS} pairs)`)
  console.info(`machine: ${machine}`)
  console.info(`load average (1 min): ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after`)
}

main()
  .then(() => {
    stopAll()
    process.exit(0)
  })
  .catch((error: unknown) => {
    console.error(error)
    stopAll()
    process.exit(1)
  })

/**
 * `npm test`: every check the project promises, in one command. The static checks are independent
 * of each other and run at the same time (each one's output is held back and printed whole, in
 * order, when all are done); the Vitest suites start beside lint once the others are done; the
 * production build and the e2e suite follow.
 * Steps keep running after a failure so one run reports everything; the exit code is non-zero if
 * any step failed. The summary gives each step's time and the total wall time; the last line is
 * `N passed, N failed`, summed over the static checks (one each) and every unit, component,
 * contract and e2e test.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { upstreamWorkerLine } from './upstream-worker-line.ts'
import { freePort, portFromEnv } from './ports.ts'

type Counts = { passed: number; failed: number }
type StepResult = Counts & { name: string; seconds: number }
type Step = {
  name: string
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
  /** Reads the step's own report; without one (or if it throws), the exit code decides. */
  count?: () => Counts
}
type Finished = { code: number; output: string; seconds: number }

const started = Date.now()
const tmp = join(process.cwd(), '.tmp')
mkdirSync(tmp, { recursive: true })
const results: StepResult[] = []

/** Runs a command; its output goes to the terminal as it comes (`live`) or is kept for later. */
function execute(step: Step, live: boolean): Promise<Finished> {
  const begin = Date.now()
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (live ? '1' : '0'), ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const chunks: Buffer[] = []
    const keep = (chunk: Buffer, stream: NodeJS.WriteStream) => {
      chunks.push(chunk)
      if (live) stream.write(chunk)
    }
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout))
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr))
    const finish = (code: number) =>
      resolve({ code, output: Buffer.concat(chunks).toString('utf8'), seconds: (Date.now() - begin) / 1000 })
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`))
      finish(1)
    })
    child.on('close', (code) => finish(code ?? 1))
  })
}

function record(step: Step, finished: Finished) {
  let counts: Counts = finished.code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }
  if (step.count) {
    try {
      counts = step.count()
      if (finished.code !== 0 && counts.failed === 0) counts.failed = 1
    } catch {
      // No report (the runner crashed before writing one): the exit code decides.
    }
  }
  results.push({ name: step.name, ...counts, seconds: finished.seconds })
}

async function runLive(step: Step): Promise<Finished> {
  console.log(`\n▶ ${step.name}`)
  const finished = await execute(step, true)
  record(step, finished)
  return finished
}

/** Prints the held-back output of steps that ran at the same time, in order, and records them. */
function reportTogether(steps: Step[], finished: Finished[]) {
  steps.forEach((step, index) => {
    const { code, output, seconds } = finished[index]!
    console.log(
      `\n▶ ${step.name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`,
    )
    if (output.trim()) console.log(output.trimEnd())
    record(step, finished[index]!)
  })
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown
}

/** A report, or null when the runner wrote none (it crashed first). */
function readReport(path: string): unknown {
  try {
    return readJson(path)
  } catch {
    return null
  }
}

/** The line the contract test and the mock harnesses print about the upstream specifications. */
function upstreamCrossCheck(output: string): string {
  // eslint-disable-next-line no-control-regex -- colour codes in Vitest's output
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '')
  const lines = plain.split('\n').filter((line) => /upstream cross-check (ran|skipped)/.test(line))
  const seen = [...new Set(lines.map((line) => line.trim().replace(/^.*?(upstream cross-check)/, '$1')))]
  return seen.length > 0 ? seen.join('; ') : 'upstream cross-check: not reported by the Vitest suites'
}

const vitestReport = join(tmp, 'vitest.json')
const playwrightReport = join(tmp, 'playwright.json')
for (const file of [vitestReport, playwrightReport]) if (existsSync(file)) rmSync(file)

// The e2e servers get ports nothing else listens on: the ones set in E2E_PORT / E2E_MOCK_PORT / E2E_DEV_PORT
// (the Playwright config refuses them if they are taken), or two the system reports free.
const consolePort = portFromEnv('E2E_PORT', 0) || (await freePort())
let mockPort = portFromEnv('E2E_MOCK_PORT', 0) || (await freePort())
while (mockPort === consolePort) mockPort = await freePort()
// The dev server the e2e/dev-server/ journeys run `npm run dev`'s console on.
let devPort = portFromEnv('E2E_DEV_PORT', 0) || (await freePort())
while (devPort === consolePort || devPort === mockPort) devPort = await freePort()

const lint: Step = { name: 'lint', command: 'npx', args: ['eslint', '--max-warnings=0', '.'] }
const staticChecks: Step[] = [
  {
    name: 'API types are up to date with src/api/openapi.yaml',
    command: 'npx',
    args: ['tsx', 'scripts/check-api-types.ts'],
  },
  { name: 'typecheck', command: 'npx', args: ['tsc', '-b', '--pretty'] },
  lint,
  { name: 'format', command: 'npx', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
]
// Lint (type-aware rules) outlasts the other static checks by 20–30 s and keeps only about one core
// busy meanwhile, so the Vitest suites start beside it once the others are done (measured: static
// checks and Vitest in 99 s side by side against 109 s one after the other). The static checks'
// output is printed whole after the Vitest suites'.
console.log(
  `\n▶ ${staticChecks.map((step) => step.name).join(', ')} (at the same time; the Vitest suites start when all but lint are done)`,
)
const staticRuns = staticChecks.map((step) => execute(step, false))
await Promise.all(staticRuns.filter((_, index) => staticChecks[index] !== lint))
const vitest = await runLive({
  name: 'unit, component and contract tests',
  command: 'npx',
  args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  count: () => {
    const report = readJson(vitestReport) as { numPassedTests: number; numFailedTests: number }
    return { passed: report.numPassedTests, failed: report.numFailedTests }
  },
})
const vitestResult = results.pop()!
reportTogether(staticChecks, await Promise.all(staticRuns))
// The summary lists the steps in the order they started.
results.push(vitestResult)
await runLive({ name: 'production build', command: 'npx', args: ['vite', 'build', '--logLevel', 'warn'] })
const e2e = await runLive({
  name: 'e2e in Chromium',
  command: 'npx',
  args: ['playwright', 'test'],
  env: {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    E2E_PORT: String(consolePort),
    E2E_MOCK_PORT: String(mockPort),
    E2E_DEV_PORT: String(devPort),
  },
  count: () => {
    const report = readJson(playwrightReport) as {
      stats: { expected: number; unexpected: number; flaky: number }
    }
    return { passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky }
  },
})

console.log('\nSummary')
for (const r of results) {
  console.log(
    `  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(1)} s)`,
  )
}
console.log(`  ${upstreamCrossCheck(vitest.output)}`)
console.log(`  ${upstreamWorkerLine(readReport(playwrightReport))}`)
console.log(
  `  e2e servers on ports ${consolePort} (console), ${mockPort} (mock HTTP server) and ${devPort} (dev server)`,
)
if (e2e.code !== 0) {
  console.log('  a trace of each failing e2e test: npx playwright test --last-failed --trace on')
}
console.log(`  total wall time: ${((Date.now() - started) / 1000).toFixed(1)} s`)
const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)

/**
 * `npm test`: every check the project promises, in one command, in the order that fails fastest.
 * Steps keep running after a failure so one run reports everything; the exit code is non-zero if
 * any step failed. The last line is `N passed, N failed`, summed over the static checks (one each)
 * and every unit, component, contract and e2e test.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

type StepResult = { name: string; passed: number; failed: number; seconds: number }

const tmp = join(process.cwd(), '.tmp')
mkdirSync(tmp, { recursive: true })
const results: StepResult[] = []

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return child.status ?? 1
}

function step(
  name: string,
  command: string,
  args: string[],
  count?: () => { passed: number; failed: number },
  env?: NodeJS.ProcessEnv,
) {
  console.log(`\n▶ ${name}`)
  const started = Date.now()
  const code = run(command, args, env)
  const seconds = (Date.now() - started) / 1000
  let counts = code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }
  if (count) {
    try {
      counts = count()
      if (code !== 0 && counts.failed === 0) counts.failed = 1
    } catch {
      // No report (the runner crashed before writing one): the exit code decides.
    }
  }
  results.push({ name, ...counts, seconds })
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown
}

const vitestReport = join(tmp, 'vitest.json')
const playwrightReport = join(tmp, 'playwright.json')
for (const file of [vitestReport, playwrightReport]) if (existsSync(file)) rmSync(file)

step('API types are up to date with src/api/openapi.yaml', 'npx', ['tsx', 'scripts/check-api-types.ts'])
step('typecheck', 'npx', ['tsc', '-b', '--pretty'])
step('lint', 'npx', ['eslint', '--max-warnings=0', '.'])
step('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.'])
step(
  'unit, component and contract tests',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  () => {
    const report = readJson(vitestReport) as { numPassedTests: number; numFailedTests: number }
    return { passed: report.numPassedTests, failed: report.numFailedTests }
  },
)
step('production build', 'npx', ['vite', 'build', '--logLevel', 'warn'])
step(
  'e2e in Chromium',
  'npx',
  ['playwright', 'test'],
  () => {
    const report = readJson(playwrightReport) as {
      stats: { expected: number; unexpected: number; flaky: number }
    }
    return { passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky }
  },
  { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
)

console.log('\nSummary')
for (const r of results) {
  console.log(
    `  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(1)} s)`,
  )
}
const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)

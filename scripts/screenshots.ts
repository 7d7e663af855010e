/**
 * `npm run screenshots`: builds the console, serves it with the bundled mock and saves a picture of
 * each main screen to docs/screenshots/, so the README shows what the console looks like today.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'

const port = 4399
const origin = `http://127.0.0.1:${port}`
const outDir = 'docs/screenshots'

const screens = [
  { name: 'environments', path: '/environments', ready: 'build-workers' },
  { name: 'agents', path: '/agents', ready: 'release-helper' },
  { name: 'sessions', path: '/sessions', ready: 'Sessions' },
]

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
    await page.goto(`${origin}${screen.path}`)
    await page.getByText(screen.ready, { exact: true }).first().waitFor()
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: `${outDir}/${screen.name}.png` })
    console.log(`saved ${outDir}/${screen.name}.png`)
  }
  await browser.close()
} finally {
  if (preview.pid) process.kill(-preview.pid)
}

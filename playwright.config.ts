import { defineConfig } from '@playwright/test'
import {
  consoleOrigin,
  consolePort,
  devServerOrigin,
  devServerPort,
  mockServerOrigin,
  mockServerPort,
} from './e2e/servers.ts'
import { chromiumPath, hasHeadlessShell, HEADLESS_SHELL } from './scripts/chromium.ts'
import { assertPortsFree } from './scripts/ports.ts'

// Specs may read the ports from here or from e2e/servers.ts (which does not load this file).
export { consolePort, mockServerPort } from './e2e/servers.ts'

// The runner loads this file once before it starts the servers, then again in every worker (where
// the servers it started hold the ports): only the first load checks that the ports are free, so a
// server someone else left running is an error, never the thing under test.
if (process.env.TEST_WORKER_INDEX === undefined) {
  try {
    await assertPortsFree([
      { port: consolePort, variable: 'E2E_PORT' },
      { port: mockServerPort, variable: 'E2E_MOCK_PORT' },
      { port: devServerPort, variable: 'E2E_DEV_PORT' },
    ])
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}

// The headless shell (scripts/chromium.ts) did the suite in 136 s of wall time against 188 s in
// /usr/bin/chromium, whose browser process alone used 77 s of CPU against 29 s. Without it the full
// browser runs the suite; CHROMIUM_PATH picks any other build.
if (process.env.TEST_WORKER_INDEX === undefined && !process.env.CHROMIUM_PATH && !hasHeadlessShell)
  console.info(
    `e2e runs in /usr/bin/chromium: ${HEADLESS_SHELL} is not installed (Debian: apt-get install chromium-headless-shell; about a third faster)`,
  )

// e2e runs against the production build served by `vite preview`, answering from the bundled
// mock through the service worker, in Debian's Chromium (no browser downloads on CI machines).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  // Every test has its own browser context, so its own demo backend (service worker + IndexedDB):
  // tests share no state and run in any order.
  fullyParallel: true,
  // The tests mostly wait (stream drops, latency, worker heartbeats), not compute: 4 workers on
  // 2 cores measured 175 s → 117 s for the suite here.
  workers: 4,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]]
    : [['list']],
  use: {
    baseURL: consoleOrigin,
    // Recording traces cost about a third of the suite's CPU time here; to see why a test failed,
    // run it again with `--trace on` (npm test prints the command when one fails).
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--disable-gpu', '--disable-quic'],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'dev-server/**',
      use: { browserName: 'chromium', viewport: { width: 1400, height: 900 } },
    },
    {
      // `npm run dev` serves the sources module by module through the same service worker the
      // demo answers from, which the production build never exercises (e2e/dev-server/).
      name: 'chromium-dev-server',
      testMatch: 'dev-server/**/*.spec.ts',
      use: { browserName: 'chromium', viewport: { width: 1400, height: 900 }, baseURL: devServerOrigin },
    },
  ],
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${consolePort} --strictPort`,
      url: consoleOrigin,
      // The real-API-mode journeys point the console at these Gateways.
      env: { CONSOLE_CSP_CONNECT_SRC: `${mockServerOrigin} http://127.0.0.1:9` },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx vite --host 127.0.0.1 --port ${devServerPort} --strictPort`,
      url: devServerOrigin,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx src/mocks/server.ts --port ${mockServerPort} --large-session-events 2000`,
      // /api/auth/me answers 401 without a token: any answer means the server is up.
      url: `${mockServerOrigin}/api/auth/me`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
})

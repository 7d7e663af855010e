import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4317)
const baseURL = `http://127.0.0.1:${port}`
/** The same mock as a real HTTP server, for journeys that run the console in real-API mode. */
export const mockServerPort = Number(process.env.E2E_MOCK_PORT ?? 4318)

// e2e runs against the production build served by `vite preview`, answering from the bundled
// mock through the service worker, in Debian's Chromium (no browser downloads on CI machines).
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]]
    : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1400, height: 900 } } }],
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
      url: baseURL,
      // The real-API-mode journeys point the console at these Gateways.
      env: { CONSOLE_CSP_CONNECT_SRC: `http://127.0.0.1:${mockServerPort} http://127.0.0.1:9` },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npx tsx src/mocks/server.ts --port ${mockServerPort} --large-session-events 2000`,
      url: `http://127.0.0.1:${mockServerPort}/api/auth/me`,
      // /api/auth/me answers 401 without a token: any answer means the server is up.
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
})

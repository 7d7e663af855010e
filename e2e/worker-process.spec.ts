import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { gateway, gatewayCall, pointConsoleAt } from './gateway'
import { SEEDED } from './sessions-api'

let worker: ChildProcess | undefined
let output = ''
let handsRoot = ''

test.afterEach(async () => {
  if (worker?.pid !== undefined && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker?.once('exit', resolve))
    process.kill(-worker.pid, 'SIGTERM')
    await exited
  }
  if (handsRoot) await rm(handsRoot, { recursive: true, force: true })
})

test('the worker process completes a self-hosted turn against the mock over HTTP, read on the console in real-API mode', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { body: login } = await gatewayCall<{ token: string }>('/api/auth/login', {
    method: 'POST',
    body: { username: 'alice', password: 'alice' },
  })
  const token = login.token
  const environment = await gatewayCall<{ id: string; apiKey: string }>('/api/environments', {
    method: 'POST',
    token,
    body: { name: 'e2e-worker-process', type: 'self_hosted' },
  })
  expect(environment.status).toBe(200)
  const session = await gatewayCall<{ id: string }>('/api/v1/agent-sessions', {
    method: 'POST',
    token,
    body: { agent: SEEDED.triageBot, environmentId: environment.body.id },
  })
  expect(session.status).toBe(200)

  // `npm run worker` as an operator runs it: the key in its environment only.
  handsRoot = await mkdtemp(join(tmpdir(), 'e2e-worker-'))
  worker = spawn(
    'npx',
    [
      'tsx',
      'src/mocks/worker-cli/main.ts',
      '--base-url',
      gateway,
      '--environment-id',
      environment.body.id,
      '--worker-id',
      'e2e-process-worker',
      '--hands-root',
      handsRoot,
      '--poll-interval-ms',
      '200',
      '--tool-poll-ms',
      '200',
      '--heartbeat-ms',
      '1000',
    ],
    {
      cwd: process.cwd(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ENVIRONMENT_KEY: environment.body.apiKey },
    },
  )
  worker.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  worker.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))

  await pointConsoleAt(page)
  await page.goto('/login?next=%2Fenvironments')
  await page.getByLabel('Username').fill('alice')
  await page.getByLabel('Password').fill('alice')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('link', { name: 'e2e-worker-process' })).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()

  await page.goto(`/sessions/${session.body.id}`)
  await page.getByRole('button', { name: 'Verify this environment' }).click()
  // The answer adds lines above the tab strip (the accepted turn, the latest turn): a click aimed
  // at the tab before they appear can land on what moved under it.
  await expect(
    page.getByRole('status').filter({ hasText: /Environment check turn_\w+ accepted/ }),
  ).toBeVisible()
  // More lines can still arrive above the strip after that status (the latest turn, its
  // diagnosis), and a pointer click lands on whatever has moved under it: the tab is focused and
  // pressed from the keyboard instead, wherever it is by then.
  const eventsTab = page.getByRole('tab', { name: 'Events' })
  await eventsTab.focus()
  await page.keyboard.press('Enter')
  await expect(eventsTab).toHaveAttribute('aria-selected', 'true')
  const timeline = page.getByRole('list', { name: 'Session events' })
  await expect(timeline.getByRole('button', { name: /turn\.requires_action/ }).first()).toBeVisible({
    timeout: 30_000,
  })
  await expect(timeline.getByRole('button', { name: /turn\.completed/ })).toBeVisible({ timeout: 60_000 })

  await page.getByRole('tab', { name: 'Tool records' }).click()
  const readBack = page.getByRole('article', { name: /^Tool call read_file/ })
  await expect(readBack.getByText(/environment check: ok/).first()).toBeVisible()

  // The process did the work in its own hands root, and took every empty-bodied ack, heartbeat and
  // stop in stride.
  expect(await readFile(join(handsRoot, session.body.id, 'environment-check.txt'), 'utf8')).toContain(
    'environment check: ok',
  )
  expect(output).toContain(`claimed`)
  expect(output).not.toMatch(/fatal|could not stop|failed/)
  expect(output).not.toContain(environment.body.apiKey)
  const work = await gatewayCall<{ claimedBy: string; status: string }[]>(
    `/api/environments/${environment.body.id}/work`,
    { token },
  )
  expect(work.body[0]).toMatchObject({ claimedBy: 'e2e-process-worker' })
})

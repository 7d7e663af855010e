import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createSelfHosted, gateway, gatewayCall, gatewayToken, signInOnGateway } from './gateway'
import { SEEDED } from './sessions-api'
import {
  compileUpstreamWorker,
  isUpstreamWorkerRequired,
  startUpstreamWorker,
  UPSTREAM_WORKER_ANNOTATION,
  upstreamWorkerAvailability,
  type UpstreamWorker,
} from './upstream-worker'

/**
 * The upstream self-hosted worker (HandsWorkerMain, compiled from the upstream sources by
 * e2e/upstream-worker.ts) against the mock HTTP server, read on the console in real-API mode:
 * what an operator running the real worker would see.
 */
const availability = upstreamWorkerAvailability()
test.skip(!availability.toolchain && !isUpstreamWorkerRequired(), availability.reason ?? '')

let classpath = ''
let java = ''
const started: UpstreamWorker[] = []

test.beforeAll(async () => {
  if (!availability.toolchain) {
    throw new Error(`${availability.reason}; UPSTREAM_SPEC_REQUIRED=1 makes that an error`)
  }
  test.setTimeout(120_000)
  classpath = await compileUpstreamWorker(availability.toolchain)
  java = availability.toolchain.java
})

test.beforeEach(() => {
  test.info().annotations.push({
    type: UPSTREAM_WORKER_ANNOTATION,
    description: `upstream worker e2e ran against ${availability.toolchain?.dir}`,
  })
})

test.afterEach(async () => {
  await Promise.all(started.splice(0).map((worker) => worker.stop()))
})

async function startWorker(environment: { id: string; apiKey: string }, workerId: string) {
  const worker = await startUpstreamWorker({
    classpath,
    java,
    baseUrl: gateway,
    environmentId: environment.id,
    environmentKey: environment.apiKey,
    workerId,
  })
  started.push(worker)
  // The key reaches the JVM through its environment only: no process listing shows it.
  expect(await worker.commandLine()).toContain(workerId)
  expect(await worker.commandLine()).not.toContain(environment.apiKey)
  return worker
}

/** Alice's session of the triage bot on `environmentId`, created through the Gateway. */
async function createSession(token: string, environmentId: string): Promise<string> {
  const session = await gatewayCall<{ id: string }>('/api/v1/agent-sessions', {
    method: 'POST',
    token,
    body: { agent: SEEDED.triageBot, environmentId },
  })
  expect(session.status).toBe(200)
  return session.body.id
}

async function openSession(page: Page, sessionId: string) {
  await page.goto(`/sessions/${sessionId}`)
  await expect(page.getByTestId('live-status')).toContainText('Live')
}

async function send(page: Page, prompt: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(prompt)
  await page.getByRole('button', { name: 'Send' }).click()
}

test('after a key rotation the upstream worker keeps retrying with its old key (401) until restarted with the new one', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const token = await gatewayToken('alice')
  const environment = await createSelfHosted(token, 'upstream-rotation')
  const workerId = 'upstream-rotation-worker'
  const worker = await startWorker(environment, workerId)
  const sessionId = await createSession(token, environment.id)

  // A claim links the worker to the environment, so the rotation knows it is connected.
  await signInOnGateway(page)
  await openSession(page, sessionId)
  await page.getByRole('button', { name: 'Verify this environment' }).click()
  const feed = page.getByRole('feed', { name: 'Transcript' })
  await expect(
    feed.getByRole('article', { name: /^Turn 1: / }).getByText('completed', { exact: true }),
  ).toBeVisible({
    timeout: 60_000,
  })

  await page.goto(`/environments/${environment.id}`)
  await page.getByRole('button', { name: 'Rotate key' }).click()
  const confirm = page.getByRole('dialog', { name: 'Rotate the key of upstream-rotation?' })
  await expect(confirm.getByRole('list', { name: 'Connected workers' })).toContainText(workerId)
  await confirm.getByRole('button', { name: 'Rotate key' }).click()
  const keyDialog = page.getByRole('dialog', { name: 'New key issued: save it' })
  const newKey = ((await keyDialog.getByTestId('one-time-key').textContent()) ?? '').trim()
  expect(newKey).toMatch(/^ek_/)
  expect(newKey).not.toBe(environment.apiKey)
  await keyDialog.getByLabel('I saved the key somewhere safe').check()
  await keyDialog.getByRole('button', { name: 'Done' }).click()
  await expect(keyDialog).toBeHidden()

  // Upstream logs the 401 and carries on with the key it was started with; it never exits.
  await worker.waitForOutput(/(poll|pending-tools|heartbeat) failed: 401/, 45_000)
  expect(worker.isRunning()).toBe(true)
  const cutover = page.getByRole('region', { name: 'Key rotation cut-over' })
  await expect(cutover).toContainText('has not sent a heartbeat since')
  await expect(cutover.getByRole('listitem').filter({ hasText: workerId })).toContainText(
    'Not yet reconnected',
  )

  // Restarted with the key read off the screen, the same worker id polls again.
  await worker.stop()
  await startWorker({ id: environment.id, apiKey: newKey }, workerId)
  await expect(cutover).toContainText('has sent a heartbeat since, so it runs with the new key', {
    timeout: 45_000,
  })
  await expect(cutover.getByRole('listitem').filter({ hasText: workerId })).toContainText('Reconnected')
})

test('the upstream worker killed in the middle of a tool call is named by the console within 90 s', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const token = await gatewayToken('alice')
  const environment = await createSelfHosted(token, 'upstream-killed')
  const workerId = 'upstream-killed-worker'
  const worker = await startWorker(environment, workerId)
  const sessionId = await createSession(token, environment.id)

  await signInOnGateway(page)
  await openSession(page, sessionId)
  // Upstream's execute runs `/bin/bash -lc <command>` with a 30 s timeout: long enough to kill it mid-call.
  await send(page, 'Run `sleep 28`')
  const feed = page.getByRole('feed', { name: 'Transcript' })
  await expect(
    feed.getByRole('article', { name: /^Tool call execute/ }).getByText(`claimed by ${workerId}`),
  ).toBeVisible({
    timeout: 60_000,
  })
  await expect
    .poll(() => worker.childCommands(), { timeout: 30_000 })
    .toContainEqual(expect.stringMatching(/sleep 28/))

  await worker.kill()
  const killedAt = Date.now()
  await expect(
    page.getByText(
      new RegExp(`Worker ${workerId} (stopped reporting on this work|holds the work but last reported)`),
    ),
  ).toBeVisible({ timeout: 90_000 })
  const seconds = (Date.now() - killedAt) / 1000
  expect(seconds).toBeLessThan(90)
  test.info().annotations.push({ type: 'named after', description: `${seconds.toFixed(0)} s` })
  await expect(page.getByText(/Why isn.t turn turn_\w+ running\?/)).toBeVisible()
  expect(worker.output()).not.toMatch(/Executed execute/)
})

import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
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
// A conditional skip, not a disabled test: it applies only where the upstream sources or a JDK are
// absent (a clone without ../shared) and the run does not require them; `.ci/run` sets
// UPSTREAM_SPEC_REQUIRED=1, which makes a missing piece a failure, and npm test's summary prints the reason.
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

/**
 * A self-hosted environment named `name`, the upstream worker `<name>-worker` serving it, and
 * alice's session of the triage bot there, open on the console in real-API mode.
 */
async function setUp(page: Page, name: string) {
  const token = await gatewayToken('alice')
  const environment = await createSelfHosted(token, name)
  const workerId = `${name}-worker`
  const worker = await startWorker(environment, workerId)
  const sessionId = await createSession(token, environment.id)
  await signInOnGateway(page)
  await openSession(page, sessionId)
  return { environment, workerId, worker, sessionId, feed: page.getByRole('feed', { name: 'Transcript' }) }
}

const CHECK_PASSED = /^Done\. environment-check\.txt was written and reads back exactly as written/

test('the upstream worker serves an environment check and a second turn of the same session, read on the console', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const { environment, workerId, worker, sessionId, feed } = await setUp(page, 'upstream-two-turns')
  await page.getByRole('button', { name: 'Verify this environment' }).click()
  const firstTurn = feed.getByRole('article', { name: /^Turn 1: Write environment-check\.txt/ })
  await expect(firstTurn).toBeVisible()
  await expect(
    feed.getByRole('article', { name: /^Tool call write_file/ }).getByText(`claimed by ${workerId}`),
  ).toBeVisible({
    timeout: 60_000,
  })
  // The check passes with upstream's line-numbered read_file output ("     1|environment check: ok").
  await expect(feed.getByText(CHECK_PASSED)).toBeVisible({ timeout: 60_000 })
  await expect(firstTurn.getByText('completed', { exact: true })).toBeVisible()
  await expect(feed.getByText(/environment check did not pass/)).toHaveCount(0)

  // A second turn in the same session, while the worker may still be on the first turn's item.
  await send(page, 'List the files, glob *.txt and grep for "check: ok"')
  const secondTurn = feed.getByRole('article', { name: /^Turn 2: List the files/ })
  await expect(secondTurn).toBeVisible()
  await expect(secondTurn.getByText('completed', { exact: true })).toBeVisible({ timeout: 120_000 })
  // However the server leased the second turn, its tool calls name the worker that ran them.
  for (const name of ['list_files', 'glob_files', 'grep_files']) {
    await expect(feed.getByRole('article', { name: new RegExp(`^Tool call ${name}`) })).toContainText(
      workerId,
    )
  }

  // Tool records: every call ran on this worker, and its output is what upstream's tools print.
  await page.getByRole('tab', { name: 'Tool records' }).click()
  const records = page.getByRole('article', { name: /^Tool call / })
  await expect(records).toHaveCount(5)
  for (const record of await records.all()) await expect(record).toContainText(workerId)
  await expect(
    page.getByRole('article', { name: /^Tool call write_file/ }).getByText(`Claimed by worker ${workerId}`),
  ).toBeVisible()
  await expect(
    page
      .getByRole('article', { name: /^Tool call write_file/ })
      .getByText('Written to environment-check.txt', { exact: true }),
  ).toBeVisible()
  await expect(
    page.getByRole('article', { name: /^Tool call read_file/ }).getByText(/^\s+1\|environment check: ok/),
  ).toBeVisible()
  await expect(
    page
      .getByRole('article', { name: /^Tool call grep_files/ })
      .getByText('environment-check.txt:1:environment check: ok'),
  ).toBeVisible()

  // The environment's Workers tab names the worker, and its claim with the directory it acked.
  await page.goto(`/environments/${environment.id}?tab=workers`)
  await expect(
    page.getByRole('table', { name: 'Workers of this environment' }).getByRole('cell', { name: workerId }),
  ).toBeVisible()
  const claim = page.getByRole('table', { name: 'Work items' }).getByRole('row').filter({ hasText: workerId })
  await expect(claim.first()).toContainText(worker.workDir(sessionId))

  // The worker did the work in its own directory, and never failed a call.
  expect(await readFile(join(worker.workDir(sessionId), 'environment-check.txt'), 'utf8')).toBe(
    'environment check: ok\nworker can write and read its working directory\n',
  )
  expect(worker.output()).toMatch(new RegExp(`Executed grep_files for session=${sessionId} error=false`))
  expect(worker.output()).not.toMatch(/failed/)
})

test('after a key rotation the upstream worker keeps retrying with its old key (401) until restarted with the new one', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const { environment, workerId, worker, feed } = await setUp(page, 'upstream-rotation')
  // A claim links the worker to the environment, so the rotation knows it is connected.
  await page.getByRole('button', { name: 'Verify this environment' }).click()
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
  const { workerId, worker, feed } = await setUp(page, 'upstream-killed')
  // Upstream's execute runs `/bin/bash -lc <command>` with a 30 s timeout: long enough to kill it mid-call.
  await send(page, 'Run `sleep 28`')
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

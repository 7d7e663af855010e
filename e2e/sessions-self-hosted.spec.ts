import { expect, test } from './fixtures'
import { callApi, SEEDED } from './sessions-api'

test('self-hosted journey: worker online → default → new session → verify turn suspends, a worker claims it, the turn completes', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000)
  await login('alice', '/sessions')

  // Environment, worker and agent default are other screens' journeys; here they are set up
  // through the same API so this spec is about the session.
  const created = await callApi(page, 'POST', '/api/environments', {
    name: 'e2e-selfhosted',
    type: 'self_hosted',
  })
  expect(created.status).toBe(200)
  const environment = created.body as { id: string; apiKey: string }
  const worker = await callApi(page, 'POST', '/__mock/workers', {
    workerId: 'e2e-worker-1',
    environmentId: environment.id,
    environmentKey: environment.apiKey,
  })
  expect(worker.status).toBe(201)
  await expect
    .poll(async () => {
      const status = await callApi(page, 'GET', '/api/hands/status')
      return (
        (status.body as { workerHeartbeats: Record<string, number> }).workerHeartbeats['e2e-worker-1'] ?? null
      )
    })
    .not.toBeNull()
  const read = await callApi(page, 'GET', `/api/v1/agents/${SEEDED.triageBot}/definition`)
  const definition = (read.body as { definition: Record<string, unknown> }).definition
  const saved = await callApi(page, 'PATCH', `/api/v1/agents/${SEEDED.triageBot}/definition`, {
    ...definition,
    defaultEnvironmentId: environment.id,
  })
  expect(saved.status).toBe(200)

  await page.getByRole('button', { name: 'New session' }).click()
  const dialog = page.getByRole('dialog', { name: 'New session' })
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption(SEEDED.triageBot)
  await expect(dialog.getByTestId('inherited-environment')).toContainText('e2e-selfhosted (Self-hosted)')
  await dialog.getByRole('button', { name: 'Create session' }).click()
  await expect(page).toHaveURL(/\/sessions\/sess_/)
  await expect(page.getByRole('button', { name: 'Verify this environment' })).toBeVisible()
  await expect(page.getByText('inherited', { exact: true })).toBeVisible()
  await expect(page.getByTestId('live-status')).toContainText('Live')

  await page.getByRole('button', { name: 'Verify this environment' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: /Environment check turn_\w+ accepted/ }),
  ).toBeVisible()
  await page.getByRole('tab', { name: 'Events' }).click()
  const timeline = page.getByRole('list', { name: 'Session events' })
  // The turn suspends for the worker, which claims the work and posts results; then it completes.
  await expect(timeline.getByRole('button', { name: /turn\.requires_action/ }).first()).toBeVisible({
    timeout: 30_000,
  })
  await expect(timeline.getByRole('button', { name: /turn\.completed/ })).toBeVisible({ timeout: 60_000 })

  await page.getByRole('tab', { name: 'Tool records' }).click()
  await expect(page).toHaveURL(/tab=tools/)
  const write = page.getByRole('article', { name: /^Tool call write_file/ })
  await expect(write.getByText('Claimed by worker e2e-worker-1')).toBeVisible()
  await expect(write.getByRole('list', { name: 'Claim timeline' })).toContainText(
    /queued.*write_file requested.*Turn suspended \(waiting for a worker\).*Claimed by worker e2e-worker-1.*Result posted.*Turn resumed/,
  )
  const readBack = page.getByRole('article', { name: /^Tool call read_file/ })
  await expect(readBack.getByText(/environment check: ok/).first()).toBeVisible()
})

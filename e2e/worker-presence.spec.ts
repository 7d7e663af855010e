import { expect, test } from './fixtures'
import { callApi, SEEDED } from './sessions-api'

type Heartbeats = { workerHeartbeats: Record<string, number> }
type WorkItem = { id: string; status: string; claimedBy: string | null; updatedAt: number }

// C12: `workerHeartbeats` moves only when a worker polls, and a worker polls only between items. A
// worker running one long tool call is therefore silent on the poll for minutes while its item's
// heartbeat keeps moving: the console must show it busy and must not diagnose "no worker online".
test('a worker running a tool call past 60 s of poll silence stays busy and is not blamed', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000)
  // Console and in-page demo backend share the page's clock, so jumping it ages the poll heartbeat
  // as the server would see it, while the worker's 15 s item heartbeat still fires.
  await page.clock.install()
  await login('alice', '/sessions')

  const created = await callApi(page, 'POST', '/api/environments', {
    name: 'long-tools',
    type: 'self_hosted',
  })
  expect(created.status).toBe(200)
  const environment = created.body as { id: string; apiKey: string }
  expect(
    (
      await callApi(page, 'POST', '/__mock/workers', {
        workerId: 'long-worker',
        environmentId: environment.id,
        environmentKey: environment.apiKey,
      })
    ).status,
  ).toBe(201)
  // Every tool call takes ten minutes: the worker holds its item the whole time.
  expect((await callApi(page, 'PUT', '/__mock/faults', { slowToolMs: 600_000 })).status).toBe(200)
  const session = await callApi(page, 'POST', '/api/v1/agent-sessions', {
    agent: SEEDED.triageBot,
    environmentId: environment.id,
  })
  expect(session.status).toBeLessThan(300)
  const sessionId = (session.body as { id: string }).id

  // In-app navigation: a reload would restart the demo backend without the worker started above.
  await page.evaluate((path) => {
    window.history.pushState(null, '', path)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, `/sessions/${sessionId}`)
  await page.getByRole('button', { name: 'Verify this environment' }).click()
  await expect
    .poll(
      async () => {
        const work = await callApi(page, 'GET', `/api/environments/${environment.id}/work`)
        return (work.body as WorkItem[]).find((item) => item.claimedBy === 'long-worker')?.status ?? null
      },
      { timeout: 30_000 },
    )
    .toBe('active')
  await expect(page.getByText('Worker long-worker holds the work and is running the tool call')).toBeVisible({
    timeout: 15_000,
  })

  await page.clock.fastForward(70_000)
  const polledAt = (await callApi(page, 'GET', '/api/hands/status')).body as Heartbeats
  const pageNow = await page.evaluate(() => Date.now())
  // The premise: the poll heartbeat is older than the console's 45 s poll window and 60 s claim window…
  expect(pageNow - (polledAt.workerHeartbeats['long-worker'] ?? 0)).toBeGreaterThan(60_000)
  // …while the item the worker holds moved within the last 15 s.
  const items = (await callApi(page, 'GET', `/api/environments/${environment.id}/work`)).body as WorkItem[]
  const held = items.find((item) => item.claimedBy === 'long-worker' && item.status === 'active')
  expect(pageNow - (held?.updatedAt ?? 0)).toBeLessThan(20_000)

  await expect(page.getByText('Worker long-worker holds the work and is running the tool call')).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByText('No worker is online for this self-hosted environment')).toHaveCount(0)
  await expect(page.getByText(/Why isn.t turn turn_\w+ running\?/)).toBeVisible()

  // The environment's workers tab, reached in the app (no reload), says the same.
  await page.getByRole('link', { name: 'Environments' }).first().click()
  await page.getByRole('link', { name: 'long-tools' }).click()
  await page.getByRole('tab', { name: 'Workers' }).click()
  const row = page.getByRole('table', { name: 'Workers of this environment' }).getByRole('row').filter({
    hasText: 'long-worker',
  })
  await expect(row.getByText('Busy', { exact: true })).toBeVisible()
})

// 15.5: with no worker polling, a new turn's diagnosis must not say "No blocker found" for the 45 s a
// silent worker's last poll still looks fresh: unclaimed work is proof that nobody polls.
test('with no worker polling, the New session dialog warns and a new turn is diagnosed within 5 s', async ({
  page,
  login,
}) => {
  await login('alice', '/sessions')
  const created = await callApi(page, 'POST', '/api/environments', {
    name: 'no-workers',
    type: 'self_hosted',
  })
  expect(created.status).toBe(200)
  const environmentId = (created.body as { id: string }).id
  await page.reload()

  await page.getByRole('button', { name: 'New session' }).click()
  const dialog = page.getByRole('dialog', { name: 'New session' })
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption(SEEDED.triageBot)
  await dialog.getByRole('radio', { name: /for this session only/ }).check()
  await dialog.getByRole('combobox', { name: 'Environment' }).selectOption(environmentId)
  await expect(dialog.getByText('No worker is online for no-workers')).toBeVisible()
  await dialog.getByRole('button', { name: 'Create session' }).click()
  await expect(page).toHaveURL(/\/sessions\/sess_/)

  await page.getByRole('button', { name: 'Verify this environment' }).click()
  const cause = page
    .getByRole('listitem')
    .filter({ hasText: 'No worker is online for this self-hosted environment' })
  await expect(cause).toBeVisible({ timeout: 5_000 })
  await expect(cause).toContainText('blocking')
  await expect(page.getByText('No blocker found')).toHaveCount(0)
  await cause.getByRole('link', { name: 'Open the worker guide to start a worker' }).click()
  await expect(page).toHaveURL(new RegExp(`/environments/${environmentId}\\?tab=workers#worker-guide$`))
})

import { AGENT } from '../src/mocks/seed/fixture-ids'
import { expect, navigateInApp, test } from './fixtures'
import { callApi, expectLatestTurnStatus } from './sessions-api'

test('a turn trips its budget, the limit is named, and raise-and-resume completes it', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000)
  await login('alice', '/sessions')
  const created = await callApi(page, 'POST', '/api/v1/agent-sessions', { agent: AGENT.dataAnalyst })
  expect(created.status).toBe(200)
  const sessionId = (created.body as { id: string }).id

  // One model call for the whole session tree, set in the Budget tab.
  await navigateInApp(page, `/sessions/${sessionId}?tab=budget`)
  const editor = page.getByRole('form', { name: 'Limits' })
  await expect(editor.getByText(/Saving replaces every limit/)).toBeVisible()
  await editor.getByRole('textbox', { name: /^Model calls at most/ }).fill('0')
  await editor.getByRole('button', { name: 'Save the limits' }).click()
  await expect(editor.getByText(/Must be more than 0/)).toBeVisible()
  await editor.getByRole('textbox', { name: /^Model calls at most/ }).fill('1')
  await editor.getByRole('button', { name: 'Save the limits' }).click()
  await expect(editor.getByText(/^Saved: revision \d+\.$/)).toBeVisible()

  // A shell turn needs two model calls: its announcement and its summary.
  await page.getByRole('textbox', { name: 'Message' }).fill('Run `pwd`.')
  await page.getByRole('button', { name: 'Send' }).click()

  const stop = page.locator('[data-budget-stop="max_model_calls"]')
  await expect(stop).toBeVisible({ timeout: 60_000 })
  await expect(stop.getByText(/the model-call limit refused a model call/)).toBeVisible()
  await expect(stop.getByText(/^Why isn’t turn \S+ running\?$/)).toBeVisible()

  // The transcript names the limit too.
  await page.getByRole('tab', { name: 'Transcript' }).click()
  await expect(
    page.getByText('The session tree’s budget stopped a model call: the model-call limit.'),
  ).toBeVisible()

  await stop.getByRole('button', { name: 'Raise the model-call limit and resume' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('New limits: 6 model calls')).toBeVisible()
  await dialog.getByRole('button', { name: 'Change the budget and resume' }).click()
  await expect(dialog).toBeHidden()
  await expect(stop).toBeHidden()

  await expectLatestTurnStatus(page, sessionId, 'completed')
  const budget = await callApi(page, 'GET', `/api/v1/agent-sessions/${sessionId}/budget`)
  expect(budget.body).toMatchObject({
    limits: { max_model_calls: 6 },
    usage: { model_calls: 2, in_flight_calls: 0 },
  })

  // The Budget tab follows: two calls of six.
  await page.getByRole('tab', { name: 'Budget' }).click()
  await expect(page.getByText('2 of 6')).toBeVisible()
})

import { AGENT } from '../src/mocks/seed/fixture-ids'
import { expect, navigateInApp, test } from './fixtures'
import { callApi, expectLatestTurnStatus } from './sessions-api'

test('a run killed mid-tool is reconciled on the recovery desk, resumed, and completes', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000)
  await login('admin', '/sessions')
  // Trace on (builder.agent-api.trace-enabled) and the next sandbox run dies after a tool's dispatch.
  expect((await callApi(page, 'PUT', '/__mock/options', { traceEnabled: true })).status).toBe(200)
  expect((await callApi(page, 'PUT', '/__mock/faults', { killRunMidTool: true })).status).toBe(200)
  const created = await callApi(page, 'POST', '/api/v1/agent-sessions', { agent: AGENT.dataAnalyst })
  expect(created.status).toBe(200)
  const sessionId = (created.body as { id: string }).id

  await navigateInApp(page, `/sessions/${sessionId}`)
  await page.getByRole('textbox', { name: 'Message' }).fill('Run `pwd`.')
  await page.getByRole('button', { name: 'Send' }).click()

  const notice = page.getByText('Why isn’t this running? A tool call’s outcome is unknown')
  await expect(notice).toBeVisible({ timeout: 60_000 })
  await page.getByRole('link', { name: 'Open the recovery desk' }).click()

  const desk = page.getByRole('form', { name: 'Recovery desk' })
  await expect(desk.getByText('0 of 1 uncertain calls covered', { exact: false })).toBeVisible()
  const record = desk.getByRole('button', { name: 'Record the outcomes' })
  await expect(record).toBeDisabled()
  await desk.getByRole('radio', { name: 'It succeeded' }).check()
  await desk.getByRole('textbox', { name: 'Output it produced (optional)' }).fill('/home/user/analysis\n')
  await desk.getByRole('textbox', { name: /^Reason \(required\)/ }).fill('Checked the sandbox: pwd ran')
  await expect(desk.getByText('1 of 1 uncertain calls covered')).toBeVisible()
  await expect(desk.getByText(/recovery\/applied: 1 call\(s\) resolved/)).toBeVisible()
  await record.click()

  await page.getByRole('button', { name: 'Resume the turn' }).click()
  await expect(page.getByText('The turn is queued again.')).toBeVisible()
  await expectLatestTurnStatus(page, sessionId, 'completed')
})

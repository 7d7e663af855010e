import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { callApi } from './sessions-api'

/** The seeded session made for trying steering (src/mocks/seed/seed-sessions.ts, MORE_SESSIONS.steering). */
const STEERING = 'sess_steeringdemo01'
const LONG_TASK = 'Work through the checklist step by step'

async function startLongTurn(page: Page, steering: string) {
  const message = page.getByRole('textbox', { name: 'Message' })
  await message.fill(LONG_TASK)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText(/Turn turn_\w+ accepted\./)).toBeVisible()
  await page.getByRole('radio', { name: 'Steer running turn' }).check()
  await expect(page.getByTestId('intent-explanation')).toContainText(
    'a model request already sent is not changed',
  )
  await message.fill(steering)
  const steer = page.getByRole('button', { name: 'Steer turn' })
  // Enabled once the turn runs (the composer follows the session's turns).
  await expect(steer).toBeEnabled({ timeout: 20_000 })
  return steer
}

test('steer a running turn: it is applied in the transcript and marked on the run in the waterfall', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000)
  await login('alice', `/sessions/${STEERING}`)
  const steer = await startLongTurn(page, 'Skip the optional steps')
  await steer.click()
  await expect(page.getByText(/Steering accepted as in_\w+/)).toBeVisible()
  const ledger = page.getByRole('region', { name: 'Steering and context' })
  await expect(ledger.getByText('Applied', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(ledger).toContainText(/on run run_\w+/)
  // In the transcript, at the point where the run applied it, and the agent's answer to it.
  await expect(page.getByTestId('input-event').filter({ hasText: 'Steer applied' })).toBeVisible()
  await expect(
    page.getByText(/Noted, I will take this into account: “Skip the optional steps”/),
  ).toBeVisible()
  await page.getByRole('tab', { name: 'Waterfall' }).click()
  await expect(page.locator('[data-mark="input"]')).toHaveCount(1)
  await expect(page.locator('[data-mark="input"]')).toHaveAttribute('aria-label', /Steer in_\w+ applied at/)
})

test('steer too late: the turn ended, the 409 keeps the text and "Inject instead" sends it as context', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000)
  await login('alice', `/sessions/${STEERING}`)
  const steer = await startLongTurn(page, 'Use the staging database')
  const turns = await callApi(page, 'GET', `/api/v1/agent-sessions/${STEERING}/turns`)
  const running = (turns.body as { id: string; status: string }[]).find((turn) => turn.status === 'running')
  expect(running, 'the long turn runs').toBeDefined()
  // The screen has not caught up yet: it still lists the turn as running while the turn ends.
  await callApi(page, 'PUT', '/__mock/faults', {
    overrides: [
      {
        method: 'GET',
        path: `/api/v1/agent-sessions/${STEERING}/turns`,
        status: 200,
        body: JSON.stringify(turns.body),
      },
    ],
  })
  const cancel = await callApi(
    page,
    'POST',
    `/api/v1/agent-sessions/${STEERING}/turns/${running?.id ?? ''}/cancel`,
  )
  expect(cancel.status).toBe(202)
  await steer.click()
  await expect(page.getByRole('alert')).toContainText('The turn no longer accepts steering')
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Use the staging database')
  await page.getByRole('button', { name: 'Inject instead' }).click()
  await expect(page.getByText(/Context accepted as in_\w+/)).toBeVisible()
  const ledger = page.getByRole('region', { name: 'Steering and context' })
  await expect(ledger.getByText('Accepted, waiting for the next step')).toBeVisible()
  await expect(ledger.getByText('Inject', { exact: true })).toBeVisible()
  await callApi(page, 'DELETE', '/__mock/faults')
})

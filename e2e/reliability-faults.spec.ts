import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { callApi, SEEDED } from './sessions-api'

type MockCounts = {
  environments: number
  sessions: number
  turns: number
  injectedErrors: number
  lostAnswers: number
}

async function mockCounts(page: Page): Promise<MockCounts> {
  const state = await callApi(page, 'GET', '/__mock/state')
  expect(state.status).toBe(200)
  return (state.body as { counts: MockCounts }).counts
}

/**
 * Does a step the way an operator under faults would: act, then wait for the step's result; when
 * the screen reports a failure instead (an alert, or a load error with "Try again"), act again.
 * Returns how many times the step had to be repeated.
 */
async function persevere(
  page: Page,
  name: string,
  act: () => Promise<void>,
  done: Locator,
  failure: Locator,
): Promise<number> {
  const loadError = page.getByRole('button', { name: 'Try again' })
  for (let attempt = 0; attempt < 10; attempt += 1) {
    if (attempt === 0 || (await failure.first().isVisible())) {
      await act()
      // Submitting clears the previous failure; wait for that so it is not read as this attempt's.
      await expect(failure.first())
        .toBeHidden({ timeout: 5_000 })
        .catch(() => undefined)
    }
    await expect(done.or(failure).or(loadError).first(), `${name}: result or failure`).toBeVisible({
      timeout: 45_000,
    })
    if (await done.first().isVisible()) return attempt
    if (await loadError.first().isVisible()) await loadError.first().click()
  }
  throw new Error(`${name}: still failing after 10 attempts`)
}

/** Waits out a page load under faults, pressing "Try again" if a read gave up. */
async function loaded(page: Page, ready: Locator) {
  await persevere(page, 'load', async () => {}, ready, page.getByRole('button', { name: 'Try again' }))
}

test('journeys complete under 10% injected 5xx and up to 2 s latency, with no duplicate turn', async ({
  page,
  login,
}) => {
  test.setTimeout(420_000)
  await login('alice')
  const before = await mockCounts(page)

  // Every API route fails 10% of the time and answers after 0–2 s. On the routes whose requests
  // carry an Idempotency-Key, half of those failures happen after the server acted (a lost answer).
  const faults = await callApi(page, 'PUT', '/__mock/faults', {
    latencyJitterMs: 2000,
    errorRates: [
      { method: 'POST', path: '/api/v1/agent-sessions*', rate: 0.1, lostAnswerShare: 0.5 },
      { path: '/api/*', rate: 0.1 },
    ],
  })
  expect(faults.status).toBe(200)
  let repeats = 0

  // 1. Create a self-hosted environment. (No reload from here on: the in-page demo backend
  // would start again without the faults.)
  await loaded(page, page.getByRole('button', { name: 'Create environment' }).first())
  await page.getByRole('button', { name: 'Create environment' }).first().click()
  const create = page.getByRole('dialog', { name: 'Create environment' })
  await create.getByLabel('Name').fill('faulty-workers')
  const keyDialog = page.getByRole('dialog', { name: 'Environment created: save its key' })
  repeats += await persevere(
    page,
    'create environment',
    () => create.getByRole('button', { name: 'Create environment' }).click(),
    keyDialog,
    create.getByRole('alert'),
  )
  // A failed create kept what the operator typed.
  await keyDialog.getByLabel('I saved the key somewhere safe').check()
  await keyDialog.getByRole('button', { name: 'Done' }).click()
  await loaded(page, page.getByRole('heading', { name: 'faulty-workers', level: 1 }))
  const environmentUrl = page.url()
  const environmentId = /\/environments\/(env_\w+)/.exec(environmentUrl)?.[1] ?? ''
  expect(environmentId).not.toBe('')

  // 2. Rotate its key.
  await loaded(page, page.getByRole('button', { name: 'Rotate key' }))
  await page.getByRole('button', { name: 'Rotate key' }).click()
  const confirm = page.getByRole('dialog', { name: 'Rotate the key of faulty-workers?' })
  const rotated = page.getByRole('dialog', { name: 'New key issued: save it' })
  repeats += await persevere(
    page,
    'rotate key',
    () => confirm.getByRole('button', { name: 'Rotate key' }).click(),
    rotated,
    confirm.getByRole('alert'),
  )
  await rotated.getByLabel('I saved the key somewhere safe').check()
  await rotated.getByRole('button', { name: 'Done' }).click()

  // 3. Make it the triage bot's default environment. (Moving around inside the console, as an
  // operator does: a full reload would restart the in-page demo backend.)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click()
  await loaded(page, page.getByRole('link', { name: 'triage-bot' }))
  await page.getByRole('link', { name: 'triage-bot' }).click()
  await loaded(page, page.getByRole('tab', { name: 'Runtime configuration' }))
  await page.getByRole('tab', { name: 'Runtime configuration' }).click()
  const select = page.getByRole('combobox', { name: 'Default environment' })
  await loaded(page, select)
  await expect(select.getByRole('option', { name: /faulty-workers/ })).toBeAttached({ timeout: 45_000 })
  await select.selectOption(environmentId)
  await expect(select).toHaveValue(environmentId)
  repeats += await persevere(
    page,
    'set default',
    () => page.getByRole('button', { name: 'Save session defaults' }).click(),
    page.getByRole('status').filter({ hasText: /Saved as version \d+/ }),
    page.getByRole('alert').filter({ hasText: 'The session defaults were not saved' }),
  )
  await expect(select).toHaveValue(environmentId)

  // 4. Create a session that inherits it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sessions' }).click()
  await loaded(page, page.getByRole('button', { name: 'New session' }))
  await page.getByRole('button', { name: 'New session' }).click()
  const dialog = page.getByRole('dialog', { name: 'New session' })
  await expect(
    dialog.getByRole('combobox', { name: 'Agent' }).locator(`option[value="${SEEDED.triageBot}"]`),
  ).toBeAttached({ timeout: 45_000 })
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption(SEEDED.triageBot)
  await expect(dialog.getByTestId('inherited-environment')).toContainText('faulty-workers', {
    timeout: 30_000,
  })
  // The server does not dedupe creates (C16), so a create is never re-sent by itself. After a lost
  // answer the operator does what the console says: it looks for the session in the list, and
  // offers to open it when the create went through; only otherwise is it sent again.
  repeats += await persevere(
    page,
    'create session',
    async () => {
      await expect(dialog.getByText('Looking for it in your sessions list…')).toBeHidden({ timeout: 45_000 })
      const found = dialog.getByRole('link', { name: /^Open sess_/ })
      if (await found.isVisible()) return found.click()
      await dialog
        .getByRole('button', { name: /^(Create session|Retry create|Create another session)$/ })
        .click()
    },
    page.getByRole('button', { name: 'Verify this environment' }),
    dialog.getByRole('alert'),
  )
  await expect(page).toHaveURL(/\/sessions\/sess_/)

  // 5. Submit turns; each answer is awaited before the next, as an operator would.
  const prompts = ['Hello there.', 'Say hello again.', 'One more hello, please.']
  const composer = page.getByRole('form', { name: 'Submit a turn' })
  for (const prompt of prompts) {
    await composer.getByLabel('Message').fill(prompt)
    repeats += await persevere(
      page,
      `submit "${prompt}"`,
      () =>
        composer
          .getByRole('button', { name: /^(Send|Retry send|Retry the same submission)$/ })
          .first()
          .click(),
      composer.getByRole('status').filter({ hasText: /Turn turn_\w+ accepted/ }),
      composer.getByRole('alert'),
    )
  }

  // 6. Inspect: filtered to turn.completed, the timeline shows each turn finishing once.
  await page.getByRole('tab', { name: 'Events' }).click()
  await page.getByLabel('Event type').selectOption('turn.completed')
  const timeline = page.getByRole('list', { name: 'Session events' })
  await expect(timeline.getByRole('button', { name: /turn\.completed/ })).toHaveCount(prompts.length, {
    timeout: 90_000,
  })

  const after = await mockCounts(page)
  await callApi(page, 'DELETE', '/__mock/faults')
  const injected = after.injectedErrors - before.injectedErrors
  const lost = after.lostAnswers - before.lostAnswers
  console.info(
    `[faults] journeys: 6 steps; injected 5xx answers: ${injected} (${lost} after the server acted); ` +
      `steps the operator repeated: ${repeats}; turns submitted: ${prompts.length}, created: ${after.turns - before.turns}`,
  )
  test.info().annotations.push({
    type: 'faults',
    description: `injected=${injected} lost=${lost} repeats=${repeats} turns=${after.turns - before.turns}`,
  })
  // Nothing was created twice: one environment, one session, exactly the turns submitted.
  expect(after.environments - before.environments).toBe(1)
  expect(after.sessions - before.sessions).toBe(1)
  expect(after.turns - before.turns).toBe(prompts.length)
  expect(injected).toBeGreaterThan(0)
})

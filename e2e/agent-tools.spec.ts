import { expect, test } from './fixtures'

// Seeded ids (src/mocks/seed/fixture-ids.ts); e2e runs against the built console, so they are repeated here.
// data-analyst: its default is a sandbox environment, and nothing in its tools asks for confirmation.
const DATA_ANALYST = '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f03'

test('an agent’s tools: disable write_file, verify in a new session, the diagnosis names it; re-enable, the check passes', async ({
  page,
  login,
  checkA11y,
}) => {
  test.setTimeout(150_000)
  await login('alice', `/agents/${DATA_ANALYST}?tab=runtime`)
  const tools = page.getByRole('region', { name: 'Tools' })
  const enabled = tools.getByRole('combobox', { name: 'write_file: enabled' })

  // 1. Disable write_file and save: only the tools change, as a new version.
  await enabled.selectOption('off')
  await tools.getByRole('button', { name: 'Save tools' }).click()
  const saved = tools.getByRole('status').filter({ hasText: /^Saved as version \d+\./ })
  await expect(saved).toBeVisible()
  const disabledVersion = Number(/version (\d+)/.exec((await saved.textContent()) ?? '')?.[1])
  expect(disabledVersion).toBeGreaterThan(0)

  // 2. Verify in a new session, in the agent's default environment.
  const verify = tools.getByRole('region', { name: 'Verify in a new session' })
  await expect(verify.getByRole('combobox', { name: 'Environment for the new session' })).toHaveValue('')
  await checkA11y(page, 'agent tools, verify in a new session')
  await verify.getByRole('button', { name: 'Verify in a new session' }).click()
  await verify.getByRole('link', { name: /^Open session sess_/ }).click()
  await expect(page).toHaveURL(/\/sessions\/sess_/)

  // 3. The model was never offered write_file: the diagnosis names the tool, the setting, the version.
  const diagnosis = page
    .locator('[data-slot="notice"]')
    .filter({ hasText: /the agent’s configuration kept a tool from running/ })
  await expect(diagnosis).toBeVisible({ timeout: 60_000 })
  await expect(diagnosis).toContainText(
    `The turn asked for write_file and no write_file call happened: write_file is disabled in agent version ${disabledVersion}`,
  )
  await expect(diagnosis.getByText('disabled', { exact: true })).toBeVisible()
  await expect(diagnosis.getByText(`agent version ${disabledVersion}`, { exact: true })).toBeVisible()
  await checkA11y(page, 'session with a configuration diagnosis')

  // 4. The link leads to the setting; enable write_file again and verify once more.
  await diagnosis.getByRole('link', { name: /^Change write_file in the agent’s Tools settings/ }).click()
  await expect(page).toHaveURL(new RegExp(`/agents/${DATA_ANALYST}\\?tab=runtime#agent-tools$`))
  await expect(enabled).toHaveValue('off')
  await enabled.selectOption('on')
  await tools.getByRole('button', { name: 'Save tools' }).click()
  await expect(
    tools.getByRole('status').filter({ hasText: `Saved as version ${disabledVersion + 1}.` }),
  ).toBeVisible()
  await verify.getByRole('button', { name: 'Verify in a new session' }).click()
  await verify.getByRole('link', { name: /^Open session sess_/ }).click()

  // 5. The check passes: write_file runs, the file reads back, no configuration diagnosis.
  const feed = page.getByRole('feed', { name: 'Transcript' })
  await expect(
    feed.getByRole('article', { name: /^Tool call write_file/ }).getByText('completed'),
  ).toBeVisible({
    timeout: 60_000,
  })
  await expect(
    feed.getByRole('article', { name: /^Turn 1: Write environment-check\.txt/ }).getByText('completed'),
  ).toBeVisible({ timeout: 60_000 })
  await expect(
    feed.getByText(/^Done\. environment-check\.txt was written and reads back exactly/),
  ).toBeVisible()
  await expect(page.getByText(/the agent’s configuration kept a tool from running/)).toHaveCount(0)
})

import { expect, test } from './fixtures'
import { callApi } from './sessions-api'

// Seeded ids (src/mocks/seed/fixture-ids.ts); e2e runs against the built console, so they are repeated here.
const TRIAGE_BOT = '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f04'
const RELEASE_HELPER = '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01'
const BUILD_WORKERS = 'env_buildworkers01'
const E2B_PYTHON = 'env_e2bpython0001'
const SHARED_DOCS = 'env_shareddocs001'

type Json = Record<string, unknown>

test.describe('agent session defaults', () => {
  test('a new session inherits the default; changing the default leaves it where it was', async ({
    page,
    login,
    checkA11y,
  }) => {
    await login('alice', `/agents/${TRIAGE_BOT}?tab=runtime`)
    await expect(page.getByRole('tab', { name: 'Runtime configuration' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const select = page.getByRole('combobox', { name: 'Default environment' })
    await expect(select).toHaveValue('')
    await expect(select.getByRole('option', { name: /build-workers · Self-hosted · online/ })).toBeAttached()

    await select.selectOption(BUILD_WORKERS)
    await page.getByRole('button', { name: 'Save session defaults' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Saved as version 2' })).toBeVisible()
    await checkA11y(page, 'agent page, runtime configuration')

    const created = await callApi(page, 'POST', '/api/v1/agent-sessions', { agent: TRIAGE_BOT })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      agentId: TRIAGE_BOT,
      environmentId: BUILD_WORKERS,
      environmentSource: 'agent_default',
      agentVersion: 2,
    })
    const sessionId = String((created.body as Json).id)

    await select.selectOption(E2B_PYTHON)
    const consequences = page.getByRole('region', { name: 'What this changes' })
    await expect(consequences).toContainText('1 session of yours with this agent stays on build-workers')
    await expect(consequences).toContainText('“inherited from agent default, version 3”')
    await page.getByRole('button', { name: 'Save session defaults' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Saved as version 3' })).toBeVisible()

    const earlier = await callApi(page, 'GET', `/api/v1/agent-sessions/${sessionId}`)
    expect(earlier.body).toMatchObject({
      environmentId: BUILD_WORKERS,
      environmentSource: 'agent_default',
      agentVersion: 2,
    })
    const later = await callApi(page, 'POST', '/api/v1/agent-sessions', { agent: TRIAGE_BOT })
    expect(later.body).toMatchObject({
      environmentId: E2B_PYTHON,
      environmentSource: 'agent_default',
      agentVersion: 3,
    })

    await page.getByRole('tab', { name: 'Versions' }).click()
    const versions = page.getByRole('table', { name: 'Definition versions' })
    await expect(versions.getByRole('row').filter({ hasText: 'changed from build-workers' })).toContainText(
      'e2b-python',
    )
    await expect(versions.getByRole('row').filter({ hasText: 'default set' })).toContainText('build-workers')

    // The sessions list keeps the earlier session on build-workers. It was created through the API,
    // not this console, and the server does not say how its environment was chosen, so the list can
    // only compare it with the agent's current default (now e2b-python).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sessions' }).click()
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: sessionId }) })
    // The list shows the environment by name or by id, depending on what it can resolve.
    await expect(row).toContainText(/build-workers|env_buildworkers01/)
    await expect(row).toContainText('differs from default')
  })

  test('a save against a stale version opens the conflict dialog and re-applies onto the latest', async ({
    page,
    login,
    checkA11y,
  }) => {
    await login('alice', `/agents/${RELEASE_HELPER}?tab=runtime`)
    const select = page.getByRole('combobox', { name: 'Default environment' })
    await expect(select).toHaveValue(BUILD_WORKERS)
    await select.selectOption(SHARED_DOCS)

    // Someone else saves a new version in the meantime.
    const read = await callApi(page, 'GET', `/api/v1/agents/${RELEASE_HELPER}/definition`)
    const definition = (read.body as Json).definition as Json
    const { updatedAt: _at, updatedBy: _by, ...writable } = definition
    const other = await callApi(page, 'PATCH', `/api/v1/agents/${RELEASE_HELPER}/definition`, {
      ...writable,
      model: 'qwen-plus',
    })
    expect(other.status).toBe(200)

    await page.getByRole('button', { name: 'Save session defaults' }).click()
    const dialog = page.getByRole('dialog', { name: 'The definition changed while you were editing' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('row').filter({ hasText: 'model' })).toContainText('qwen-plus')
    await checkA11y(page, 'definition conflict dialog')

    await dialog.getByRole('button', { name: 'Re-apply my defaults on the latest version' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: 'Saved as version 5' })).toBeVisible()
    const latest = await callApi(page, 'GET', `/api/v1/agents/${RELEASE_HELPER}/definition`)
    expect((latest.body as Json).definition).toMatchObject({
      version: 5,
      model: 'qwen-plus',
      defaultEnvironmentId: SHARED_DOCS,
      system: definition.system,
      tools: definition.tools,
    })
  })
})

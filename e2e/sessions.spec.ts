import { expect, test } from './fixtures'
import { callApi, SEEDED, seededEventId } from './sessions-api'

test.describe('sessions', () => {
  test('lists sessions with filters in the URL and creates one with an explicit environment', async ({
    page,
    login,
    checkA11y,
  }) => {
    await login('alice', `/sessions?agentId=${SEEDED.releaseHelper}`)
    const table = page.getByRole('table', { name: 'Sessions' })
    // Sessions this console did not create: compared with the agent's current default.
    const labRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: SEEDED.labQueued }) })
    await expect(labRow.getByText('differs from default')).toBeVisible()
    const doneRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: SEEDED.buildDone }) })
    await expect(doneRow.getByText('matches default')).toBeVisible()
    await expect(doneRow.getByText('build-workers')).toBeVisible()
    await checkA11y(page, 'sessions list')

    await page.getByRole('button', { name: 'New session' }).click()
    const dialog = page.getByRole('dialog', { name: 'New session' })
    await expect(dialog.getByRole('combobox', { name: 'Agent' })).toHaveValue(SEEDED.releaseHelper)
    await expect(dialog.getByTestId('inherited-environment')).toContainText('build-workers (Self-hosted)')
    await dialog.getByRole('radio', { name: /for this session only/ }).check()
    await dialog.getByRole('combobox', { name: 'Environment' }).selectOption(SEEDED.sharedDocs)
    await checkA11y(page, 'create session dialog')
    await dialog.getByRole('button', { name: 'Create session' }).click()
    await expect(page).toHaveURL(/\/sessions\/sess_/)
    await expect(page.getByRole('button', { name: 'Verify this environment' })).toBeVisible()
    await expect(page.getByText('explicit', { exact: true })).toBeVisible()
    await page.getByRole('tab', { name: 'Environment' }).click()
    await expect(page.getByText(/Chosen explicitly when the session was created/)).toBeVisible()
  })

  test('a permalink reopens the event with its neighbours after a reload; j/k move; filters stay in the URL', async ({
    page,
    login,
    checkA11y,
  }) => {
    const eventId = seededEventId(SEEDED.largeHistory, 3000)
    await login('alice', `/sessions/${SEEDED.largeHistory}?event=${eventId}`)
    const detail = page.getByRole('region', { name: 'Selected event' })
    const list = page.getByRole('list', { name: 'Session events' })
    const expectSelectedInView = async (id: string) => {
      await expect(detail.getByText(id, { exact: true })).toBeVisible()
      const selected = list.getByRole('listitem').filter({ has: page.locator('[aria-current="true"]') })
      await expect(selected).toBeInViewport()
      const position = Number(await selected.getAttribute('aria-posinset'))
      // Its neighbours are on screen too.
      await expect(list.locator(`[aria-posinset="${position - 2}"]`)).toBeInViewport()
      await expect(list.locator(`[aria-posinset="${position + 2}"]`)).toBeInViewport()
    }
    await expectSelectedInView(eventId)
    // Only the rows in view exist, whatever the size of the log.
    expect(await list.getByRole('listitem').count()).toBeLessThan(80)

    await page.reload()
    await expectSelectedInView(eventId)

    await page.keyboard.press('j')
    await expect(page).toHaveURL(new RegExp(`event=${seededEventId(SEEDED.largeHistory, 3001)}`))
    await page.keyboard.press('k')
    await page.keyboard.press('k')
    await expect(page).toHaveURL(new RegExp(`event=${seededEventId(SEEDED.largeHistory, 2999)}`))

    await page.getByRole('button', { name: 'Tools', exact: true }).click()
    await page.getByRole('searchbox', { name: 'Search events' }).fill('df.describe')
    await expect(page).toHaveURL(/cat=tool/)
    await expect(page).toHaveURL(/q=df.describe/)
    await page.reload()
    await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('df.describe')
    await expect(page.getByRole('button', { name: 'Tools', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await checkA11y(page, 'session events')
  })

  test('tool records show output by kind and the worker claim, with no axe violations in light and dark', async ({
    page,
    login,
    checkA11y,
  }) => {
    await login('alice', `/sessions/${SEEDED.buildDone}?tab=tools`)
    const execute = page.getByRole('article', { name: /^Tool call execute/ })
    await expect(execute.getByLabel('Terminal output')).toContainText('passed')
    await expect(execute.getByLabel('Terminal output')).not.toContainText('\u001b[')
    await expect(page.getByRole('article', { name: /^Tool call edit_file/ }).getByLabel('Edit')).toBeVisible()
    await expect(
      page.getByRole('article', { name: /^Tool call write_file/ }).getByText(/Claimed by worker worker-b/),
    ).toBeVisible()
    await checkA11y(page, 'tool records')
    await page.evaluate(() => localStorage.setItem('asc.theme', 'dark'))
    await page.reload()
    await expect(execute.getByLabel('Terminal output')).toBeVisible()
    await checkA11y(page, 'tool records (dark)')
  })

  test('says why a queued self-hosted turn is not running, and a viewer sees the session read-only', async ({
    page,
    login,
  }) => {
    await login('alice', `/sessions/${SEEDED.labQueued}`)
    await expect(page.getByText('No worker is online for this self-hosted environment')).toBeVisible()
    await page.getByRole('link', { name: 'Open the worker guide to start a worker' }).click()
    await expect(page).toHaveURL(/\/environments\/env_labgpubox0001\?tab=workers#worker-guide$/)
    await expect(page.getByRole('heading', { name: 'Run your worker' })).toBeInViewport()

    const answer = await callApi(page, 'POST', '/api/auth/logout')
    expect([200, 204]).toContain(answer.status)
    await page.evaluate(() => sessionStorage.clear())
    await login('bob', `/sessions/${SEEDED.buildDone}`)
    await expect(page.getByText('Read-only')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Verify this environment' })).toHaveCount(0)
  })
})

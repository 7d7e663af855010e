import { expect, test } from './fixtures'
import { callApi, SEEDED } from './sessions-api'

const CREATED = 32

test('more than 25 sessions page to the end, each exactly once', async ({ page, login }) => {
  test.setTimeout(90_000)
  await login('alice', '/sessions')
  // Through the API, as another client of the same user would: the list shows the caller's own.
  const ids: string[] = []
  for (let index = 0; index < CREATED; index += 1) {
    const created = await callApi(page, 'POST', '/api/v1/agent-sessions', {
      agent: SEEDED.triageBot,
      environmentId: SEEDED.sharedDocs,
    })
    expect(created.status).toBe(200)
    ids.push((created.body as { id: string }).id)
  }

  // In the page, not by reloading it: the demo saves its state a moment after each change.
  await page.getByRole('combobox', { name: 'Agent' }).selectOption(SEEDED.triageBot)
  await expect(page).toHaveURL(new RegExp(`agentId=${SEEDED.triageBot}`))
  const table = page.getByRole('table', { name: 'Sessions' })
  // Newest first: the last one created leads the filtered list once it has loaded.
  await expect(table.getByRole('link', { name: /^sess_/ }).first()).toHaveText(ids.at(-1) ?? '')
  const next = page.getByRole('button', { name: 'Next' })
  const seen: string[] = []
  for (let pageIndex = 0; pageIndex < 10; pageIndex += 1) {
    await expect(table.getByRole('link', { name: /^sess_/ }).first()).toBeVisible()
    const onPage = await table.getByRole('link', { name: /^sess_/ }).allTextContents()
    expect(onPage.length).toBeLessThanOrEqual(25)
    seen.push(...onPage)
    if (await next.isDisabled()) break
    await next.click()
    await expect(table.getByRole('link', { name: /^sess_/ }).first()).not.toHaveText(onPage[0] ?? '')
  }
  expect(await next.isDisabled()).toBe(true)
  // Every created session, once; nothing repeated across pages.
  expect(new Set(seen).size).toBe(seen.length)
  expect(ids.filter((id) => !seen.includes(id))).toEqual([])
  await expect(page.getByTestId('sessions-range')).toContainText(`of your`)
  await expect(page.getByText(/Only your own sessions/)).toBeVisible()
})

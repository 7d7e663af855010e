import { message, messagePattern } from './catalog'
import { axeViolations, expect, test } from './fixtures'
import { callApi, SEEDED } from './sessions-api'

test('the self-hosted journey reads as a conversation: prompt → write_file claimed by the worker → read_file → answer', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000)
  await login('alice', '/sessions')
  // The seeded build-workers environment has the demo's virtual workers online.
  const created = await callApi(page, 'POST', '/api/v1/agent-sessions', {
    agent: SEEDED.releaseHelper,
    environmentId: SEEDED.buildWorkers,
  })
  expect(created.status).toBe(200)
  const sessionId = (created.body as { id: string }).id
  await page.goto(`/sessions/${sessionId}`)
  await expect(page.getByTestId('live-status')).toContainText('Live')
  await page.getByRole('button', { name: 'Verify this environment' }).click()

  const feed = page.getByRole('feed', { name: 'Transcript' })
  await expect(
    feed.getByText(/^Write environment-check\.txt containing "environment check: ok"/),
  ).toBeVisible()
  const write = feed.getByRole('article', { name: /^Tool call write_file/ })
  await expect(write.getByText(/^claimed by worker-[ab]$/)).toBeVisible({ timeout: 60_000 })
  await expect(write.getByText('completed')).toBeVisible({ timeout: 60_000 })
  const read = feed.getByRole('article', { name: /^Tool call read_file/ })
  await expect(read.getByText('completed')).toBeVisible({ timeout: 60_000 })
  await expect(
    feed.getByText(/^Done\. environment-check\.txt was written and reads back exactly/),
  ).toBeVisible({
    timeout: 60_000,
  })
  await expect(
    feed.getByRole('article', { name: /^Turn 1: Write environment-check\.txt/ }).getByText('completed'),
  ).toBeVisible()
  // The page is named after the session's first message.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Write environment-check\.txt containing/)
  await expect(page).toHaveTitle(/^Write environment-check\.txt containing .*… · Sessions · Managed Agents$/)

  // Reading a card: its output by kind and the worker's claim.
  await read.getByRole('button', { name: /read_file/, expanded: false }).click()
  await expect(read.getByText(/environment check: ok/).first()).toBeVisible()
  await expect(read.getByRole('list', { name: 'Claim timeline' })).toContainText(
    /Claimed by worker worker-[ab]/,
  )

  // The card's work item opens on the environment's Workers tab, in view and marked.
  const workLink = read.getByRole('link', { name: /^Work item work_/ })
  const workId = ((await workLink.textContent()) ?? '').replace(/^Work item /, '')
  await workLink.click()
  await expect(page).toHaveURL(
    new RegExp(`/environments/${SEEDED.buildWorkers}\\?tab=workers&work=${workId}$`),
  )
  const marked = page.getByRole('table', { name: 'Work items' }).locator('tr[aria-current="true"]')
  await expect(marked).toHaveCount(1)
  await expect(marked).toContainText(workId)
  await expect(marked).toContainText('Linked')
  await expect(marked).toBeInViewport()
  // Its session by title, the id beside it, and the worker that holds the claim.
  await expect(marked.getByRole('link', { name: /^Write environment-check\.txt containing/ })).toBeVisible()
  await expect(marked).toContainText(sessionId)
  await expect(marked).toContainText(/worker-[ab]/)
})

test('a waterfall bar opens its entry in the transcript and the event log, and the link survives a reload', async ({
  page,
  login,
}) => {
  await login('alice', `/sessions/${SEEDED.buildDone}?tab=waterfall`)
  const waterfall = page.getByRole('group', { name: 'Waterfall' })
  await expect(waterfall).toBeVisible()
  const bar = waterfall.getByRole('button', { name: /^Tool write_file: .*claimed by worker-/ }).first()
  await bar.click()
  await expect(page).toHaveURL(/tab=transcript&entry=tool%3Aturn_\w+%3Atoolu_\w+&event=evt_/)
  const entry = new URL(page.url()).searchParams.get('entry') ?? ''
  const selected = page.locator(`[data-entry="${entry}"] [aria-current="true"]`)
  await expect(selected).toBeInViewport()
  await expect(page.locator(`article[data-entry="${entry}"]`)).toHaveAccessibleName(/^Tool call write_file/)

  await page.reload()
  await expect(page.locator(`[data-entry="${entry}"] [aria-current="true"]`)).toBeInViewport()

  await page.getByRole('tab', { name: 'Events' }).click()
  await expect(page.getByRole('region', { name: 'Selected event' })).toContainText('tool.requested')
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the waterfall is keyboard operable and axe-clean (${colorScheme})`, async ({ page, login }) => {
    await page.emulateMedia({ colorScheme })
    await login('alice', `/sessions/${SEEDED.buildDone}?tab=waterfall`)
    const waterfall = page.getByRole('group', { name: 'Waterfall' })
    await expect(waterfall.getByRole('button').first()).toBeVisible()
    // The worker's claim and its posted result are marked on each self-hosted wait.
    await expect(waterfall.getByRole('img', { name: /^Claimed by worker-[ab] / }).first()).toBeVisible()
    await expect(
      waterfall.getByRole('img', { name: /^Result posted by worker-[ab], / }).first(),
    ).toBeVisible()
    expect(
      await axeViolations(page, '[data-testid="waterfall"]'),
      `axe on the waterfall (${colorScheme})`,
    ).toEqual([])
    expect(await axeViolations(page, '[role="feed"], [data-testid="waterfall"]')).toEqual([])

    const first = waterfall.getByRole('button').first()
    await first.focus()
    await page.keyboard.press('ArrowRight')
    const focused = waterfall.locator('button:focus-visible')
    await expect(focused).toHaveCount(1)
    await expect(focused).toHaveAccessibleName(/^Run /)
    await page.keyboard.press('+')
    await page.keyboard.press('Shift+ArrowRight')
    await page.keyboard.press('End')
    await expect(waterfall.locator('button:focus-visible')).toHaveAccessibleName(/^(Tool|Waiting)/)
    // A wait says its marks, to the keys and in its tooltip.
    const wait = waterfall.getByRole('button', { name: /^Waiting for a worker / }).last()
    await wait.focus()
    await expect(wait).toHaveAccessibleName(/Claimed by worker-[ab] .*\. Result posted by worker-[ab], /)
    await expect(wait).toHaveAttribute('title', /Result posted by worker-[ab], /)
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/tab=transcript&entry=tool/)
  })
}

test('the transcript is axe-clean in both themes', async ({ page, login }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await login('alice', `/sessions/${SEEDED.needsApproval}`)
    const feed = page.getByRole('feed', { name: 'Transcript' })
    await expect(feed.getByRole('article', { name: /^Tool call/ }).first()).toBeVisible()
    await feed
      .getByRole('article', { name: /^Tool call/ })
      .first()
      .getByRole('button')
      .first()
      .click()
    expect(await axeViolations(page, '[role="feed"]'), `axe on the transcript (${colorScheme})`).toEqual([])
  }
})

for (const { language, colorScheme } of [
  { language: 'en', colorScheme: 'light' },
  { language: 'zh-CN', colorScheme: 'dark' },
] as const) {
  test(`a message sent by keyboard: focus back in the message box, nothing announced as loading while the answer streams in (${language})`, async ({
    page,
    login,
  }) => {
    const text = (id: string) => message(language, id)
    await page.emulateMedia({ colorScheme })
    await login('alice', `/sessions/${SEEDED.fresh}`)
    await page.getByRole('combobox', { name: /^(Language|语言)$/ }).selectOption(language)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    const feed = page.getByRole('feed', { name: text('sessions.transcript.label') })
    await expect(page.getByText(text('sessions.transcript.empty'))).toBeVisible()
    const box = page.getByRole('textbox', { name: text('sessions.composer.message') })
    // The page has settled (the composer's column loads its strings beside the transcript's and may
    // still say it is loading when the transcript is in): what streams in after this is the answer.
    await expect(box).toBeVisible()
    // Every text a live region says from here on, however briefly it is on the page.
    await page.evaluate(() => {
      const said: string[] = []
      const last = new WeakMap<Element, string>()
      Object.assign(window, { __said: said })
      const listen = () => {
        for (const region of document.querySelectorAll('[role="status"], [role="alert"], [aria-live]')) {
          const words = region.textContent?.trim() ?? ''
          if (words && last.get(region) !== words) said.push(words)
          last.set(region, words)
        }
      }
      listen()
      new MutationObserver(listen).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      })
    })

    await box.focus()
    await page.keyboard.type('Say hello in two sentences.')
    // Message → the files to attach → Send.
    await page.keyboard.press('Tab')
    await expect(page.locator('summary', { hasText: text('sessions.files.attach.title') })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(
      page.getByRole('button', { name: text('sessions.composer.send'), exact: true }),
    ).toBeFocused()
    await page.keyboard.press('Enter')
    // The turn is over and its answer is in (Markdown, whose strings the transcript had not needed).
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: messagePattern(language, 'sessions.composer.turnAccepted') }),
    ).toContainText(text('sessions.status.completed'), { timeout: 30_000 })
    await expect(feed.getByText(text('sessions.transcript.assistant'), { exact: true })).toBeVisible()
    await expect(box, 'focus is back in the message box for the next message').toBeFocused()
    const said = await page.evaluate(() => (window as unknown as { __said: string[] }).__said)
    expect(said.length).toBeGreaterThan(0)
    expect(said).not.toContain(text('sessions.inspector.loading'))
    expect(said).not.toContain(text('sessions.transcript.loading'))
  })
}

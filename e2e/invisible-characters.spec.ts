import { expect, test } from './fixtures'
import { UNICODE } from './hostile-corpus'
import { callApi, SEEDED } from './sessions-api'

// The hostile corpus's reversed file name: U+202E makes "gnp.exe" read as "exe.png".
const REVERSED = UNICODE.find((text) => text.includes('\u202E'))!
const HIDDEN = UNICODE.find((text) => text.startsWith('a\u200D'))!

test('bidirectional overrides and zero-width characters in names and tool output show as named markers', async ({
  page,
  login,
}) => {
  await login('alice', '/environments')
  const name = `report${REVERSED}`
  const created = await callApi(page, 'POST', '/api/environments', { name, type: 'self_hosted', config: {} })
  expect(created.status).toBe(200)
  const id = (created.body as { id: string }).id
  await callApi(page, 'POST', '/api/environments', { name: HIDDEN, type: 'self_hosted', config: {} })

  await page.goto(`/environments?q=${encodeURIComponent('report')}`)
  const link = page.getByRole('link', { name: /^report/ })
  await expect(link.getByRole('img', { name: 'Hidden direction control RLO (U+202E)' })).toBeVisible()
  // The override itself is not in the page, so it cannot reorder what follows it.
  expect(await link.textContent()).toBe('reportRLOgnp.exe')

  await page.goto(`/environments/${id}`)
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading.getByRole('img', { name: 'Hidden direction control RLO (U+202E)' })).toBeVisible()

  await page.goto(`/environments?q=${encodeURIComponent('a')}`)
  const hidden = page.getByRole('row').filter({ has: page.getByRole('img', { name: /ZWJ/ }) })
  for (const marker of ['ZWJ (U+200D)', 'ZWNJ (U+200C)', 'BOM (U+FEFF)', 'WJ (U+2060)'])
    await expect(hidden.getByRole('img', { name: `Hidden zero-width character ${marker}` })).toBeVisible()

  // Tool output and the tool's name in a session's log, streamed to the open page.
  await page.goto(`/sessions/${SEEDED.fresh}`)
  await expect(page.getByTestId('live-status')).toContainText('Live', { timeout: 30_000 })
  const tool = {
    turn_id: 'turn_bidi',
    run_id: 'run_bidi',
    tool_call_id: 'call_bidi',
    name: `read${REVERSED}`,
  }
  const appended = await page.evaluate(
    async ({ sessionId, events }) => {
      const auth = JSON.parse(sessionStorage.getItem('asc.auth') ?? 'null') as { token?: string } | null
      const response = await fetch(`/__mock/sessions/${sessionId}/events`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${auth?.token ?? ''}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ events }),
      })
      return response.status
    },
    {
      sessionId: SEEDED.fresh,
      events: [
        { type: 'tool.requested', data: { ...tool, input: { path: name }, status: 'requested' } },
        {
          type: 'tool.completed',
          data: {
            ...tool,
            status: 'completed',
            output: [{ type: 'text', text: name }],
            result: { content: name },
          },
        },
      ],
    },
  )
  expect(appended).toBe(201)
  await page.getByRole('tab', { name: 'Tool records' }).click()
  const card = page.getByRole('heading', { level: 3, name: /^read/ })
  await expect(card.getByRole('img', { name: 'Hidden direction control RLO (U+202E)' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Hidden direction control RLO (U+202E)' }).nth(1)).toBeVisible()
})

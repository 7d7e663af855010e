import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { HOSTILE_STRINGS, URLS } from './hostile-corpus'
import { SEEDED } from './sessions-api'

declare global {
  interface Window {
    __pwned?: number
  }
}

/** The same corpus as Markdown links, images and autolinks, the forms a URL takes in assistant text. */
function asMarkdown(text: string): string {
  return [
    text,
    `[a link](${text})`,
    `![an image](${text})`,
    `<${text}>`,
    '```js',
    text,
    '```',
    `| cell | ${text.replace(/\|/g, '\\|')} |`,
    '| --- | --- |',
  ].join('\n\n')
}

/** Sends JSON already serialised: the corpus crosses into the page as one string. */
async function append(page: Page, events: unknown[]): Promise<number> {
  return page.evaluate(
    async ({ path, text }) => {
      const auth = JSON.parse(sessionStorage.getItem('asc.auth') ?? 'null') as { token?: string } | null
      const response = await fetch(path, {
        method: 'POST',
        headers: { Authorization: `Bearer ${auth?.token ?? ''}`, 'Content-Type': 'application/json' },
        body: text,
      })
      return response.status
    },
    { path: `/__mock/sessions/${SEEDED.fresh}/events`, text: JSON.stringify({ events }) },
  )
}

/** What the visible part of the transcript holds that must never be there. */
async function inspect(page: Page) {
  return page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('[role="feed"] a[href]')]
    return {
      pwned: window.__pwned,
      badLinks: links
        .map((link) => link.getAttribute('href') ?? '')
        .filter((href) => /^(javascript|vbscript|data):/i.test(href.replace(/[^\x21-\x7e]/g, ''))),
      externalWithoutRel: links
        .filter((link) => link.target === '_blank' || /^https?:/i.test(link.getAttribute('href') ?? ''))
        .filter((link) => !/\bnoopener\b/.test(link.rel) || !/\bnoreferrer\b/.test(link.rel))
        .map((link) => link.getAttribute('href')),
      scripts: document.querySelectorAll(
        '[role="feed"] script, [role="feed"] iframe, [role="feed"] img[onerror]',
      ).length,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }
  })
}

test('hostile assistant Markdown and tool output render inert on the transcript', async ({ page, login }) => {
  test.setTimeout(180_000)
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await login('alice', `/sessions/${SEEDED.fresh}`)
  await expect(page.getByTestId('live-status')).toContainText('Live', { timeout: 30_000 })

  const turn = { turn_id: 'turn_hostile_md', run_id: 'run_hostile_md' }
  const corpus = [
    ...HOSTILE_STRINGS,
    ...URLS.map((url) => `[click me](${url})`),
    '[ok](https://example.com/docs)',
  ]
  const events = corpus.flatMap((text, index) => [
    {
      type: 'item.completed',
      data: {
        ...turn,
        item_id: `item_hostile_${index}`,
        item: { role: 'assistant', type: 'message', content: [{ type: 'text', text: asMarkdown(text) }] },
      },
    },
    {
      type: 'tool.requested',
      data: { ...turn, tool_call_id: `call_md_${index}`, name: 'execute', input: { command: text } },
    },
    {
      type: 'tool.completed',
      data: {
        ...turn,
        tool_call_id: `call_md_${index}`,
        name: 'execute',
        status: 'completed',
        output: [{ type: 'text', text }],
        result: { content: text },
      },
    },
  ])
  expect(await append(page, events)).toBe(201)
  const feed = page.getByRole('feed', { name: 'Transcript' })
  await expect(feed.getByRole('link', { name: 'ok', exact: true }).first()).toBeAttached({ timeout: 30_000 })
  // The one safe external link opens without opener or referrer.
  await expect(feed.getByRole('link', { name: 'ok', exact: true }).first()).toHaveAttribute(
    'rel',
    /noopener.*noreferrer|noreferrer.*noopener/,
  )

  // Read the whole transcript top to bottom, opening each tool card on the way.
  await feed.hover()
  await page.mouse.wheel(0, -400)
  await feed.evaluate((box) => box.scrollTo({ top: 0 }))
  let checked = 0
  for (let step = 0; step < 400; step += 1) {
    // Open one tool card per screen: its output renders by kind, as in Tool records.
    const closed = feed.getByRole('button', { name: /execute/, expanded: false }).first()
    if ((await closed.count()) > 0) await closed.click({ timeout: 2000 }).catch(() => undefined)
    const found = await inspect(page)
    expect(found.pwned, 'no injected script ran').toBeUndefined()
    expect(found.badLinks, 'no javascript:, vbscript: or data: link').toEqual([])
    expect(found.externalWithoutRel, 'external links carry rel="noopener noreferrer"').toEqual([])
    expect(found.scripts, 'no script, iframe or handler element').toBe(0)
    expect(found.overflow, 'no horizontal page overflow').toBeLessThanOrEqual(0)
    checked += 1
    const atEnd = await feed.evaluate((box) => {
      const before = box.scrollTop
      box.scrollTop = before + box.clientHeight * 0.9
      return box.scrollTop === before
    })
    if (atEnd) break
    await page.waitForTimeout(50)
  }
  expect(dialogs, 'no dialog opened').toEqual([])
  console.log(
    `[reliability] transcript hostile: ${corpus.length} strings as assistant Markdown and tool output, ${checked} screens read; no script, no unsafe link, no overflow`,
  )
})

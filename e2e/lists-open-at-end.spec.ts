import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { SEEDED } from './sessions-api'

/**
 * The session's transcript and event log open following their newest entry. On a long session
 * they draw its end from their first render: the entries at the start, which the follow would
 * scroll away from before they were painted, are never put in the page at all.
 */

type Drawn = { indices: number[]; firstSetSize: number }

/**
 * Records, from the page's first script on, every entry of the list that `selector` matches that
 * is ever inserted (also one removed again in the same task), and how many entries the list had
 * when it first drew one.
 */
async function recordDrawn(page: Page, selector: string) {
  await page.addInitScript((entrySelector) => {
    const drawn: Drawn = { indices: [], firstSetSize: 0 }
    ;(window as unknown as { __drawn: Drawn }).__drawn = drawn
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue
          const entries = node.matches(entrySelector) ? [node] : [...node.querySelectorAll(entrySelector)]
          for (const entry of entries) {
            drawn.indices.push(Number(entry.getAttribute('data-index')))
            drawn.firstSetSize ||= Number(entry.getAttribute('aria-setsize'))
          }
        }
      }
    }).observe(document, { childList: true, subtree: true })
  }, selector)
}

const drawnSoFar = (page: Page) => page.evaluate(() => (window as unknown as { __drawn: Drawn }).__drawn)

test.describe('long lists open at their end', () => {
  test('the transcript draws its newest blocks first, never its first block', async ({ page, login }) => {
    await recordDrawn(page, '[role="feed"] article[data-index]')
    await login('alice', `/sessions/${SEEDED.largeHistory}`)
    await expect(page.getByRole('feed', { name: 'Transcript' }).locator('article').first()).toBeVisible({
      timeout: 15_000,
    })
    const drawn = await drawnSoFar(page)
    // The first page of a 5,000-event log makes more blocks than the box holds: some are not drawn.
    expect(new Set(drawn.indices).size, JSON.stringify(drawn)).toBeLessThan(drawn.firstSetSize)
    expect(drawn.indices).toContain(drawn.firstSetSize - 1)
    expect(drawn.indices).not.toContain(0)
  })

  test('the event log draws its newest rows first, never its first row', async ({ page, login }) => {
    await recordDrawn(page, '[role="list"][aria-label="Session events"] [role="listitem"][data-index]')
    await login('alice', `/sessions/${SEEDED.largeHistory}?tab=events`)
    await expect(
      page.getByRole('list', { name: 'Session events' }).locator('[data-event-id]').first(),
    ).toBeVisible({ timeout: 15_000 })
    const drawn = await drawnSoFar(page)
    expect(drawn.firstSetSize).toBeGreaterThan(100)
    expect(drawn.indices).toContain(drawn.firstSetSize - 1)
    expect(drawn.indices).not.toContain(0)
  })
})

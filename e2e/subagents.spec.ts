import { axeViolations, expect, test } from './fixtures'
import { SUBAGENT_TREE } from './sessions-api'

const TREE = SUBAGENT_TREE

test('opens a sub-agent two levels down from the parent’s waterfall, read through the child routes, and comes back', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000)
  // Every child read goes through the root's child routes with the child's own cursors, never a
  // parent's: the mock's cursors name their session (`c1_` + base64url of "session:seq").
  const mismatched: string[] = []
  const cursorSession = (cursor: string) =>
    Buffer.from(cursor.replace(/^c1_/, ''), 'base64url').toString().replace(/:\d+$/, '')
  page.on('request', (request) => {
    const url = new URL(request.url())
    const match = /\/api\/v1\/agent-sessions\/[^/]+\/subagents\/([^/]+)\/events/.exec(url.pathname)
    if (!match) return
    for (const cursor of [url.searchParams.get('after'), request.headers()['last-event-id']]) {
      if (cursor && cursorSession(cursor) !== match[1]) mismatched.push(`${match[1]} ← ${cursor}`)
    }
  })

  await login('alice', `/sessions/${TREE.parent}?tab=waterfall`)
  const parentWaterfall = page.getByRole('tabpanel')
  const lanes = parentWaterfall.getByRole('region', { name: `Sub-agents of ${TREE.parent}` })
  await expect(lanes.getByTestId('subagent-lane')).toHaveCount(4)
  const audit = lanes.getByRole('region', { name: 'Sub-agent dependency-audit' })
  const licenseLane = audit.getByRole('region', { name: 'Sub-agent license-check' })
  // The grandchild's own bars, painted inside its parent's lane.
  await expect(licenseLane.getByTestId('waterfall-lane').getByRole('button').first()).toBeVisible()

  await licenseLane.getByRole('link', { name: 'Open sub-agent license-check' }).click()
  await expect(page).toHaveURL(
    new RegExp(`/sessions/${TREE.parent}/subagents/${TREE.dependencies}/${TREE.licenses}$`),
  )
  const child = page.getByTestId('subagent-inspector')
  await expect(child.getByRole('navigation', { name: 'Sub-agent path' })).toContainText(
    `${TREE.parent}›${TREE.dependencies}›${TREE.licenses}`,
  )
  await expect(
    page
      .getByRole('feed', { name: 'Transcript' })
      .getByText('Check the licenses of the runtime dependencies.', { exact: true }),
  ).toBeVisible()
  await expect(child.getByTestId('live-status')).toContainText('Live')

  // One level up with the page's own link, then back to the parent's waterfall.
  await child.getByRole('link', { name: `Back to ${TREE.dependencies}` }).click()
  await expect(page).toHaveURL(
    new RegExp(`/sessions/${TREE.parent}/subagents/${TREE.dependencies}\\?tab=transcript$`),
  )
  await expect(
    page
      .getByRole('feed', { name: 'Transcript' })
      .getByText('Audit the dependencies and have their licenses checked.', { exact: true }),
  ).toBeVisible()
  await page.goBack()
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`/sessions/${TREE.parent}\\?tab=waterfall$`))
  await expect(page.getByRole('tabpanel').getByTestId('subagent-lane')).toHaveCount(4)
  expect(mismatched).toEqual([])
})

test('a sub-agent waiting for an answer shows the request as not answerable here', async ({
  page,
  login,
}) => {
  await login('alice', `/sessions/${TREE.parent}/subagents/${TREE.docsLinks}`)
  const child = page.getByTestId('subagent-inspector')
  await expect(child.getByRole('heading', { name: 'Waiting for your answer (1)' })).toBeVisible()
  await expect(child.getByTestId('subagent-actions-read-only')).toContainText(
    'the server has no route that answers a sub-agent',
  )
  await expect(child.getByRole('button', { name: /Allow/ })).toHaveCount(0)
  expect(await axeViolations(page, '[data-testid="subagent-inspector"]')).toEqual([])
})

test('the Sub-agents tab lists the children with status, task, pending requests and usage, and says the tree usage is per session', async ({
  page,
  login,
}) => {
  await login('alice', `/sessions/${TREE.parent}?tab=subagents`)
  const panel = page.getByTestId('subagents-panel')
  const rows = panel.getByRole('table').getByRole('row')
  await expect(rows).toHaveCount(4)
  const docs = rows.filter({ hasText: 'docs-links' })
  await expect(docs).toContainText('1 request')
  await expect(docs).toContainText('running')
  await expect(rows.filter({ hasText: 'dependency-audit' })).toContainText('none')
  await expect(panel.getByRole('region', { name: 'Usage of the session tree' })).toContainText(
    'across 5 sessions',
  )
  await expect(panel).toContainText('not one atomic snapshot of the tree')
})

import type { Page } from '@playwright/test'
import { AGENT } from '../src/mocks/seed/fixture-ids'
import { expect, navigateInApp, test } from './fixtures'
import { callApi, SEEDED } from './sessions-api'

type Turn = { id: string; status: string }
type Event = { type: string; data: Record<string, unknown> }

const turnsOf = async (page: Page, sessionId: string) =>
  (await callApi(page, 'GET', `/api/v1/agent-sessions/${sessionId}/turns`)).body as Turn[]

const eventsOf = async (page: Page, sessionId: string) =>
  (
    (await callApi(page, 'GET', `/api/v1/agent-sessions/${sessionId}/events?limit=1000`)).body as {
      data: Event[]
    }
  ).data

async function sendAndSettle(page: Page, sessionId: string, message: string, status: string) {
  const count = (await turnsOf(page, sessionId)).length
  await page.getByRole('textbox', { name: 'Message' }).fill(message)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect
    .poll(
      async () => {
        const turns = await turnsOf(page, sessionId)
        return turns.length > count ? turns.at(-1)?.status : 'not yet'
      },
      { timeout: 60_000 },
    )
    .toBe(status)
}

test('restore is refused with the reason, then allowed after cancelling; fork, compare, lineage both ways', async ({
  page,
  login,
}) => {
  test.setTimeout(180_000)
  await login('admin', '/sessions')
  expect((await callApi(page, 'PUT', '/__mock/options', { traceEnabled: true })).status).toBe(200)
  const created = await callApi(page, 'POST', '/api/v1/agent-sessions', { agent: AGENT.dataAnalyst })
  expect(created.status).toBe(200)
  const sessionId = (created.body as { id: string }).id

  await navigateInApp(page, `/sessions/${sessionId}`)
  await sendAndSettle(page, sessionId, 'Hello there.', 'completed')
  await sendAndSettle(page, sessionId, 'Simulate a model error please.', 'failed')
  const failedTurn = (await turnsOf(page, sessionId)).at(-1)?.id ?? ''

  // The checkpoint the first run committed, on the session's axis of turns.
  await page.getByRole('tab', { name: 'Checkpoints & forks' }).click()
  const timeline = page.getByRole('list', { name: 'Checkpoints along the session’s turns' })
  await expect(timeline.getByText('Turn 1')).toBeVisible()
  await timeline
    .getByRole('button', { name: /^Choose this checkpoint/ })
    .first()
    .click()

  // Restore: the pre-flight names the failed turn and upstream's refusal before the click…
  const restore = page.getByRole('region', { name: 'Restore this checkpoint' })
  await expect(restore.getByText(`Turn ${failedTurn} is Failed`, { exact: false })).toBeVisible()
  await expect(
    restore.getByText(
      'The server would answer: “Finish or cancel pending turns before changing session state”',
    ),
  ).toBeVisible()
  await restore.getByRole('textbox', { name: 'Reason (required)' }).fill('Back to before the failure')
  await expect(restore.getByRole('button', { name: 'Restore', exact: true })).toBeDisabled()
  await expect(restore.getByText('What a restore does not undo')).toBeVisible()
  // …and the server answers just that.
  const checkpointId = new URL(page.url()).searchParams.get('checkpoint') ?? ''
  const refused = await callApi(
    page,
    'POST',
    `/api/v1/agent-sessions/${sessionId}/checkpoints/restore`,
    { checkpoint_id: checkpointId, reason: 'Back to before the failure' },
    { 'Idempotency-Key': 'e2e-refused-restore' },
  )
  expect(refused).toMatchObject({
    status: 409,
    body: { message: 'Finish or cancel pending turns before changing session state' },
  })

  // Cancelling the failed turn clears the way.
  await restore.getByRole('button', { name: `Cancel turn ${failedTurn}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Cancel this turn?' })
  await confirm.getByRole('button', { name: `Cancel turn ${failedTurn}` }).click()
  await expect(confirm).toBeHidden()
  await expect(restore.getByText('Every turn is completed or cancelled.')).toBeVisible()
  await restore.getByRole('button', { name: 'Restore', exact: true }).click()
  await expect(restore.getByRole('status')).toContainText('Restored to')
  await expect
    .poll(async () => (await eventsOf(page, sessionId)).filter((event) => event.type === 'session.restored'))
    .toEqual([
      expect.objectContaining({ data: expect.objectContaining({ reason: 'Back to before the failure' }) }),
    ])

  // Fork into a new session on another environment; the first answer is lost on the way back.
  await timeline
    .getByRole('button', { name: /^Choose this checkpoint/ })
    .first()
    .click()
  const fork = page.getByRole('region', { name: 'Fork from this checkpoint' })
  await fork.getByLabel('Environment of the new session').selectOption(SEEDED.sharedDocs)
  await fork.getByRole('textbox', { name: 'Reason (required)' }).fill('Try the other approach')
  expect(
    (
      await callApi(page, 'PUT', '/__mock/faults', {
        errorRates: [
          { method: 'POST', path: `/api/v1/agent-sessions/${sessionId}/fork`, rate: 1, lostAnswerShare: 1 },
        ],
      })
    ).status,
  ).toBe(200)
  await fork.getByRole('button', { name: 'Create the session and fork' }).click()
  await expect(fork.getByRole('alert')).toContainText('The fork did not complete')
  await expect(
    fork.getByText(/was created for this fork: a retry forks into it with the same key/),
  ).toBeVisible()
  expect((await callApi(page, 'PUT', '/__mock/faults', { errorRates: [] })).status).toBe(200)
  await fork.getByRole('button', { name: 'Retry the fork' }).click()
  await expect(fork.getByRole('status')).toContainText('Forked into')

  // One target, of the same agent, on the chosen environment, with the checkpoint's conversation.
  const sessions = (
    await callApi(page, 'GET', `/api/v1/agent-sessions?agentId=${AGENT.dataAnalyst}&status=all`)
  ).body as { id: string; agentId: string; environmentId: string; externalKey?: string | null }[]
  const targets = sessions.filter((session) => session.externalKey?.startsWith('forktarget_'))
  expect(targets).toHaveLength(1)
  const target = targets[0]
  expect(target).toMatchObject({ agentId: AGENT.dataAnalyst, environmentId: SEEDED.sharedDocs })
  const targetId = target?.id ?? ''
  expect(
    (await eventsOf(page, targetId)).filter((event) => event.type === 'session.context_initialized'),
  ).toHaveLength(1)

  // Side by side from the fork point.
  await fork.getByRole('link', { name: 'Compare side by side' }).click()
  const compare = page.getByRole('region', { name: 'Side by side from the fork point' })
  const sourceSide = compare.getByRole('region', { name: 'This session after the checkpoint' })
  const targetSide = compare.getByRole('region', { name: `Fork ${targetId}` })
  await expect(sourceSide.getByText('Turn 2: Simulate a model error please.')).toBeVisible()
  await expect(targetSide.getByText('Copied from the checkpoint (2 messages)')).toBeVisible()
  await targetSide.getByText('Copied from the checkpoint (2 messages)').click()
  await expect(targetSide.getByText('user: Hello there.')).toBeVisible()

  // Lineage both ways: the source lists its fork, the fork names its source.
  const lineage = page.getByRole('region', { name: 'Lineage' })
  await expect(lineage.getByRole('link', { name: targetId })).toBeVisible()
  await lineage.getByRole('link', { name: targetId }).click()
  await expect(page).toHaveURL(new RegExp(`/sessions/${targetId}`))
  await page.getByRole('tab', { name: 'Checkpoints & forks' }).click()
  const targetLineage = page.getByRole('region', { name: 'Lineage' })
  await expect(targetLineage.getByText(`Forked from ${sessionId} at checkpoint`)).toBeVisible()
  await targetLineage.getByRole('link', { name: 'Compare with the source' }).click()
  await expect(page).toHaveURL(
    new RegExp(`/sessions/${sessionId}\\?tab=checkpoints&checkpoint=.*&compare=${targetId}`),
  )
  await expect(page.getByRole('region', { name: 'Side by side from the fork point' })).toBeVisible()
})

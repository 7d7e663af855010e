import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { MORE_SESSIONS } from '@/mocks/seed/seed-sessions'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

describe('a turn its budget stopped', () => {
  it('names the limit beside the diagnosis and, once confirmed, raises it and resumes the failed turn', async () => {
    const app = await renderApp(`/sessions/${MORE_SESSIONS.overBudget}?tab=events`, {
      namespace: 'default',
      engine: {},
    })
    activeServer = app.server
    const record = app.backend.db.sessions.get(MORE_SESSIONS.overBudget)
    const turnId = record?.turns.at(-1)?.id ?? ''
    const notice = await screen.findByText(`Why isn’t turn ${turnId} running?`, {}, { timeout: 15_000 })
    const box = notice.closest('[data-budget-stop]') as HTMLElement
    expect(box).toHaveAttribute('data-budget-stop', 'max_model_calls')
    expect(within(box).getByText(/the model-call limit refused a model call/)).toBeInTheDocument()
    expect(within(box).getByText(/does not resume a turn its budget stopped/)).toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(
      await within(box).findByRole(
        'button',
        { name: 'Raise the model-call limit and resume' },
        { timeout: 5_000 },
      ),
    )
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('New limits: 7 model calls')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Change the budget and resume' }))
    await waitFor(() => expect(record?.budget?.limits).toEqual({ max_model_calls: 7 }))
    await waitFor(() => expect(record?.turns.at(-1)?.status).not.toBe('failed'))
    await app.scheduler?.advance(60_000)
    await waitFor(() => expect(record?.turns.at(-1)?.status).toBe('completed'))
  }, 40_000)
})

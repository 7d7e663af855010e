import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT, ENV } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let close: (() => void) | null = null
afterEach(() => {
  close?.()
  close = null
})

async function open(agentId: string) {
  const app = await renderApp(`/agents/${agentId}?tab=runtime`, { user: 'alice', namespace: 'default' })
  close = () => app.server.close()
  return screen.findByRole('combobox', { name: 'Default environment' }, { timeout: 8000 })
}

const consequences = () => screen.getByRole('region', { name: 'What this changes' })
const WARNING = /cannot run there/

describe('Session defaults → consequences: tools the default environment cannot run', () => {
  it('warns when a remote default cannot run execute, which the agent enables, and not for a worker', async () => {
    const select = await open(AGENT.releaseHelper)
    await waitFor(() => expect(select).toHaveValue(ENV.buildWorkers))
    expect(within(consequences()).queryByText(WARNING)).not.toBeInTheDocument()
    await userEvent.selectOptions(select, ENV.sharedDocs)
    const item = within(consequences()).getByText(WARNING).closest('li')
    expect(item).toHaveTextContent(
      'execute is enabled, but shared-docs is a Remote files environment, which cannot run it',
    )
    expect(
      within(item as HTMLElement).getByRole('link', { name: 'Review the agent’s tools' }),
    ).toHaveAttribute('href', '#agent-tools')
  })

  it('says nothing when the agent already disables the tool the environment cannot run', async () => {
    const select = await open(AGENT.docsWriter)
    await waitFor(() => expect(select).toHaveValue(ENV.sharedDocs))
    expect(within(consequences()).queryByText(WARNING)).not.toBeInTheDocument()
  })
})

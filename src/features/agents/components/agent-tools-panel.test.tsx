import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let close: (() => void) | null = null
afterEach(() => {
  close?.()
  close = null
})

async function open(agentId: string) {
  const app = await renderApp(`/agents/${agentId}?tab=runtime`, { user: 'alice', namespace: 'default' })
  close = () => app.server.close()
  return app
}

// The first render also loads the route's lazy chunk, which can be slow on a busy machine.
const toolsHeading = () => screen.findByRole('heading', { name: 'Tools', level: 2 }, { timeout: 8000 })

const row = (table: HTMLElement, tool: string) => {
  const header = within(table).getByRole('rowheader', { name: new RegExp(`^${tool}`) })
  const found = header.closest('tr')
  if (!found) throw new Error(`no row for ${tool}`)
  return found
}

describe('Runtime configuration → Tools', () => {
  it('shows the built-in toolset’s default, each tool’s effective value and where it comes from', async () => {
    await open(AGENT.docsWriter)
    await toolsHeading()
    const builtIn = screen.getByRole('region', { name: 'Built-in tools' })
    expect(within(builtIn).getByText('Default for this toolset: Enabled, always allow.')).toBeInTheDocument()
    const table = within(builtIn).getByRole('table')
    const write = row(table, 'write_file')
    expect(within(write).getByText('always ask')).toBeInTheDocument()
    expect(within(write).getByText('differs from default')).toBeInTheDocument()
    expect(
      within(write).getByText(/remote \(files, no shell\): runs on the shared files/),
    ).toBeInTheDocument()
    const execute = row(table, 'execute')
    expect(within(execute).getByText('Disabled')).toBeInTheDocument()
    expect(within(execute).getByText('set for this tool')).toBeInTheDocument()
    // Listed tools form an allow list upstream: grep_files is not listed, so it is not offered.
    expect(within(row(table, 'grep_files')).getByText('not listed, so not offered')).toBeInTheDocument()
  })

  it('groups MCP toolsets by server and says remote cannot run execute', async () => {
    await open(AGENT.releaseHelper)
    await toolsHeading()
    const github = screen.getByRole('region', { name: 'MCP server github' })
    expect(within(github).getByText('Default for this toolset: Enabled, always ask.')).toBeInTheDocument()
    const table = within(screen.getByRole('region', { name: 'Built-in tools' })).getByRole('table')
    expect(
      within(row(table, 'execute')).getByText(/remote \(files, no shell\): cannot run \(no shell\)/),
    ).toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'
import { recordDefinitionPatches } from '@/testing/record-patches'

let close: (() => void) | null = null
afterEach(() => {
  close?.()
  close = null
})

async function open(agentId: string, user: 'alice' | 'bob' = 'alice') {
  const app = await renderApp(`/agents/${agentId}?tab=runtime`, { user, namespace: 'default' })
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
    expect(within(write).getByText(/Remote files: runs on the shared files/)).toBeInTheDocument()
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
      within(row(table, 'execute')).getByText(/Remote files: cannot run \(no shell\)/),
    ).toBeInTheDocument()
  })

  it('saves only the tools: the PATCH keeps every other field and sends the version it read', async () => {
    const app = await open(AGENT.docsWriter)
    const bodies = recordDefinitionPatches(app)
    const record = app.backend.db.agents.get(AGENT.docsWriter)
    if (!record) throw new Error('no agent')
    const before = structuredClone(record.definition)
    await toolsHeading()
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'write_file: enabled' }), 'off')
    await userEvent.click(screen.getByRole('button', { name: 'Save tools' }))
    expect(await screen.findByText(/Saved as version/)).toBeInTheDocument()
    await waitFor(() => expect(bodies).toHaveLength(1))
    const { updatedAt: _at, updatedBy: _by, createdAt: _created, tools: _tools, ...rest } = before
    expect(bodies[0]).toMatchObject({ ...rest, version: before.version })
    for (const field of [
      'system',
      'model',
      'skills',
      'mcpServers',
      'defaultEnvironmentId',
      'defaultVaultIds',
    ]) {
      expect(bodies[0]?.[field]).toEqual(before[field as keyof typeof before])
    }
    const stored = record.definition.tools as { configs?: { name: string; enabled?: boolean }[] }[]
    expect(stored[0]?.configs?.find((entry) => entry.name === 'write_file')?.enabled).toBe(false)
    expect(stored[0]?.configs?.find((entry) => entry.name === 'read_file')?.enabled).toBe(true)
  })

  it('a stale version shows both sides and saves mine onto the latest only when asked', async () => {
    const app = await open(AGENT.docsWriter)
    await toolsHeading()
    const record = app.backend.db.agents.get(AGENT.docsWriter)
    if (!record) throw new Error('no agent')
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'read_file: confirmation' }),
      'deny',
    )
    // Someone else saves a new version meanwhile, disabling list_files.
    const startedFrom = record.definition.version
    record.definition = {
      ...record.definition,
      version: startedFrom + 1,
      model: 'qwen-max',
      tools: [
        {
          type: 'agent_toolset',
          configs: [
            { name: 'read_file', enabled: true },
            { name: 'list_files', enabled: false },
          ],
        },
      ],
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save tools' }))
    const notice = await screen.findByText('Someone saved this agent while you edited')
    const box = notice.closest('[data-slot="notice"]') ?? notice.parentElement?.parentElement ?? document.body
    expect(box).toHaveTextContent(
      `You started from version ${startedFrom}; the agent is now at version ${startedFrom + 1}`,
    )
    const read = within(box as HTMLElement)
      .getByRole('rowheader', { name: 'read_file' })
      .closest('tr')
    expect(read).toHaveTextContent('Enabled, deny')
    expect(read).toHaveTextContent('Enabled, always allow')
    expect(record.definition.version).toBe(startedFrom + 1)
    await userEvent.click(screen.getByRole('button', { name: `Save mine onto version ${startedFrom + 1}` }))
    expect(
      await screen.findByText(`Saved as version ${startedFrom + 2}.`, { exact: false }),
    ).toBeInTheDocument()
    // The other side's model change is kept: only the tools were replaced.
    expect(record.definition.model).toBe('qwen-max')
  })

  it('a viewer sees the tools read-only with the reason', async () => {
    await open(AGENT.docsWriter, 'bob')
    await toolsHeading()
    const section = screen.getByRole('region', { name: 'Tools' })
    expect(
      within(section).getByText(/Your role \(viewer\) can inspect resources but not change them/),
    ).toBeInTheDocument()
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: 'Save tools' })).not.toBeInTheDocument()
  })
})

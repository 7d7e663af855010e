import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TEST_NOW } from '@/mocks/node'
import { AGENT, ENV, MEMORY, USERS, VAULT } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'
import { recordDefinitionPatches } from '@/testing/record-patches'

let activeServer: ReturnType<typeof setupServer> | null = null
beforeEach(() => {
  // The mock's clock is fixed; worker health compares its heartbeats with the page's "now".
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(TEST_NOW)
})
afterEach(() => {
  activeServer?.close()
  activeServer = null
  vi.useRealTimers()
})

type App = Awaited<ReturnType<typeof renderApp>>

async function open(path: string, user: 'alice' | 'bob' = 'alice') {
  const app = await renderApp(path, { user, namespace: 'default' })
  activeServer = app.server
  return app
}

const recordPatches = recordDefinitionPatches

function storedDefinition(app: App, agentId: string) {
  const record = app.backend.db.agents.get(agentId)
  if (!record) throw new Error(`no agent ${agentId}`)
  return record
}

// The first render also loads the route's lazy chunk, which can be slow on a busy machine.
const environmentSelect = () =>
  screen.findByRole('combobox', { name: 'Default environment' }, { timeout: 5000 })

describe('Runtime configuration → Session defaults', () => {
  it('saves only the defaults: the PATCH keeps every other field and sends the version it read', async () => {
    const app = await open(`/agents/${AGENT.releaseHelper}?tab=runtime`)
    const patches = recordPatches(app)
    const before = structuredClone(storedDefinition(app, AGENT.releaseHelper).definition)
    expect(before.version).toBe(3)

    const select = await environmentSelect()
    await waitFor(() => expect(select).toHaveValue(ENV.buildWorkers))
    expect(
      within(select).getByRole('option', {
        name: /build-workers · Self-hosted · online \(2 workers, 1 busy\)/,
      }),
    ).toBeInTheDocument()
    expect(within(select).queryByRole('option', { name: /old-remote-share/ })).not.toBeInTheDocument()

    await userEvent.selectOptions(select, ENV.e2bPython)
    await userEvent.click(screen.getByRole('checkbox', { name: /runbooks/ }))
    await userEvent.click(screen.getByRole('checkbox', { name: /Cloud deploy/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Save session defaults' }))

    expect(await screen.findByText(/Saved as version 4/)).toBeInTheDocument()
    expect(patches).toHaveLength(1)
    // Server-owned fields are not sent back (the server ignores them on PATCH).
    const { updatedAt: _at, updatedBy: _by, createdAt: _created, ...writable } = before
    expect(patches[0]).toEqual({
      ...writable,
      version: 3,
      defaultEnvironmentId: ENV.e2bPython,
      defaultMemoryStoreIds: [],
      defaultVaultIds: [VAULT.ci, VAULT.cloud],
    })
    // Spelled out, because these are what a careless PATCH would wipe.
    for (const field of [
      'name',
      'description',
      'system',
      'model',
      'maxIters',
      'tools',
      'mcpServers',
      'skills',
      'multiagent',
      'workspaceId',
      // No workspaceBinding: the server drops it from a definition body (C6), so none is stored.
      'workspacePath',
    ]) {
      expect(patches[0]).toHaveProperty(field, before[field])
    }
    const after = storedDefinition(app, AGENT.releaseHelper).definition
    expect(after).toMatchObject({ version: 4, system: before.system, tools: before.tools, maxIters: 30 })
  })

  it('a stale version opens the conflict dialog with a field diff, and re-applies onto the latest', async () => {
    const app = await open(`/agents/${AGENT.releaseHelper}?tab=runtime`)
    const patches = recordPatches(app)
    const select = await environmentSelect()
    await waitFor(() => expect(select).toHaveValue(ENV.buildWorkers))
    await userEvent.selectOptions(select, ENV.sharedDocs)

    // Someone else saves version 4 meanwhile: a different model and a new skill.
    const record = storedDefinition(app, AGENT.releaseHelper)
    record.definition = {
      ...record.definition,
      version: 4,
      model: 'qwen-plus',
      skills: [...(record.definition.skills ?? []), { name: 'changelog', version: '0.1.0' }],
      updatedBy: 'usr_admin',
    }

    await userEvent.click(screen.getByRole('button', { name: 'Save session defaults' }))
    const dialog = await screen.findByRole('dialog', {
      name: 'The definition changed while you were editing',
    })
    expect(dialog).toHaveTextContent(
      'You started from version 3; the server now has version 4, saved by usr_admin',
    )
    const diff = within(dialog).getByRole('table', { name: 'Fields changed on the server' })
    const rows = within(diff).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['model', 'skills'])
    expect(rows[0]).toHaveTextContent('qwen-max')
    expect(rows[0]).toHaveTextContent('qwen-plus')
    expect(within(dialog).getByText('shared-docs')).toBeInTheDocument()
    expect(storedDefinition(app, AGENT.releaseHelper).definition.version).toBe(4)

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Re-apply my defaults on the latest version' }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText(/Saved as version 5/)).toBeInTheDocument()
    expect(patches.map((body) => body.version)).toEqual([3, 4])
    // The second PATCH is the latest definition with only the defaults changed.
    expect(patches[1]).toMatchObject({
      version: 4,
      model: 'qwen-plus',
      skills: [
        { name: 'semver-bump', version: '1.2.0' },
        { name: 'changelog', version: '0.1.0' },
      ],
      defaultEnvironmentId: ENV.sharedDocs,
      defaultMemoryStoreIds: [MEMORY.runbooks],
    })
    expect(storedDefinition(app, AGENT.releaseHelper).definition).toMatchObject({
      version: 5,
      model: 'qwen-plus',
      defaultEnvironmentId: ENV.sharedDocs,
    })
  })

  it('“Discard my changes” drops the edit and shows the latest, without saving', async () => {
    const app = await open(`/agents/${AGENT.triageBot}?tab=runtime`)
    const patches = recordPatches(app)
    const select = await environmentSelect()
    await waitFor(() => expect(select).toHaveValue(''))
    await userEvent.selectOptions(select, ENV.buildWorkers)
    const record = storedDefinition(app, AGENT.triageBot)
    record.definition = { ...record.definition, version: 2, defaultEnvironmentId: ENV.e2bDefault }

    await userEvent.click(screen.getByRole('button', { name: 'Save session defaults' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/The latest version also changed session defaults/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard my changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(select).toHaveValue(ENV.e2bDefault))
    expect(screen.getByRole('button', { name: 'Save session defaults' })).toBeDisabled()
    expect(patches).toHaveLength(1)
    expect(storedDefinition(app, AGENT.triageBot).definition.defaultEnvironmentId).toBe(ENV.e2bDefault)
  })

  it('shows the consequences: inheritance, sessions that stay, and when the default last changed', async () => {
    const app = await open(`/agents/${AGENT.releaseHelper}?tab=runtime`)
    // The server lists only the caller's own sessions (C4).
    const onBuildWorkers = [...app.backend.db.sessions.values()].filter(
      ({ session }) =>
        session.agentId === AGENT.releaseHelper &&
        session.environmentId === ENV.buildWorkers &&
        session.ownerId === USERS.alice.userId,
    )
    const archived = onBuildWorkers.filter(({ session }) => session.archivedAt).length
    expect(onBuildWorkers.length).toBeGreaterThan(1)
    const counted = `${onBuildWorkers.length} sessions${archived ? ` \\(${archived} archived\\)` : ''}`
    const section = await screen.findByRole('region', { name: 'What this changes' })
    const link = await within(section).findByRole('link', { name: /View them/ })
    expect(link).toHaveAttribute(
      'href',
      `/sessions?agent=${AGENT.releaseHelper}&environment=${ENV.buildWorkers}`,
    )
    expect(section).toHaveTextContent(new RegExp(`${counted} of yours with this agent run on build-workers`))
    expect(await within(section).findByText(/last changed in version 2/)).toBeInTheDocument()
    await userEvent.selectOptions(await environmentSelect(), ENV.e2bPython)
    expect(section).toHaveTextContent(
      /inherit e2b-python and record “inherited from agent default, version 4”/,
    )
    expect(section).toHaveTextContent(new RegExp(`${counted} of yours with this agent stay on build-workers`))
  })

  it('warns about an archived default and fixes it by clearing', async () => {
    const app = await open(`/agents/${AGENT.triageBot}?tab=runtime`)
    await waitFor(async () => expect(await environmentSelect()).toHaveValue(''))
    // The environment was archived after it became the default.
    const record = storedDefinition(app, AGENT.triageBot)
    record.definition = { ...record.definition, defaultEnvironmentId: ENV.oldRemote }
    await app.queryClient.resetQueries()
    const warning = await screen.findByText('The default environment old-remote-share is archived')
    expect(await environmentSelect()).toHaveValue(ENV.oldRemote)
    const notice = warning.closest('li')
    if (!notice) throw new Error('warning is not in a list item')
    await userEvent.click(within(notice).getByRole('button', { name: 'Clear the default' }))
    expect(await environmentSelect()).toHaveValue('')
    expect(screen.queryByText(/is archived/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save session defaults' })).toBeEnabled()
  })

  it('warns when the deployment refuses a local default, keeping the edit', async () => {
    const app = await open(`/agents/${AGENT.triageBot}?tab=runtime`)
    app.backend.options.allowLocalEnvironments = false
    await userEvent.selectOptions(await environmentSelect(), ENV.dataplaneLocal)
    expect(screen.getByText(/dataplane-local runs tools inside the dataplane/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Save session defaults' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'local environments are disabled by deployment policy',
    )
    expect(
      screen.getByText(
        'dataplane-local is a local environment, and this deployment disables local environments',
      ),
    ).toBeInTheDocument()
    expect(await environmentSelect()).toHaveValue(ENV.dataplaneLocal)
  })

  it('a 403 on save leaves the panel read-only with the server’s reason, the choice still shown', async () => {
    const app = await open(`/agents/${AGENT.triageBot}?tab=runtime`)
    app.server.use(
      http.patch('*/api/v1/agents/:agentId/definition', () =>
        HttpResponse.json({ error: 'agent is owned by the platform team' }, { status: 403 }),
      ),
    )
    const select = await environmentSelect()
    await userEvent.selectOptions(select, ENV.e2bPython)
    await userEvent.click(screen.getByRole('button', { name: 'Save session defaults' }))
    expect(
      await screen.findByText(
        /The server refused this change for your account \(agent is owned by the platform team\)/,
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('your role cannot make this change')
    expect(select).toHaveValue(ENV.e2bPython)
    expect(select).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save session defaults' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy as curl' })).toBeEnabled()
  })

  it('a viewer sees the panel read-only with the reason, and can copy the PATCH as curl', async () => {
    await open(`/agents/${AGENT.releaseHelper}?tab=runtime`, 'bob')
    expect(
      await screen.findByText(/Your role \(viewer\) can inspect resources but not change them/),
    ).toBeInTheDocument()
    await waitFor(async () => expect(await environmentSelect()).toHaveValue(ENV.buildWorkers))
    expect(await environmentSelect()).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: /runbooks/ })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save session defaults' })).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Copy as curl' }))
    const dialog = await screen.findByRole('dialog', { name: 'Save the session defaults with curl' })
    const command = within(dialog).getByLabelText('PATCH request').textContent ?? ''
    expect(command).toContain(
      `curl -X PATCH 'http://localhost/api/v1/agents/${AGENT.releaseHelper}/definition'`,
    )
    expect(command).toContain('-H "Authorization: Bearer $TOKEN"')
    expect(command).toContain('-H "X-AgentScope-Namespace: default"')
    expect(command).toContain('"version": 3')
    expect(command).toContain('"system": "You are the release assistant')
    expect(command).not.toMatch(/eyJ/)
  })

  it('works on the upstream shapes: a definition with server fields, and a PATCH answered {agent, definition} (C6)', async () => {
    const app = await open(`/agents/${AGENT.triageBot}?tab=runtime`)
    const select = await environmentSelect()
    const patches = recordPatches(app)
    const stored = storedDefinition(app, AGENT.triageBot).definition
    const upstream = {
      ...stored,
      id: 'def_triage',
      scope: 'user',
      ownerId: 'usr_alice',
      createdAt: '2026-10-01T09:00:00Z',
      archivedAt: null,
    }
    app.server.use(
      http.get('*/api/v1/agents/:agentId/definition', () =>
        // Upstream wraps it as {agentId, definition}.
        HttpResponse.json({ agentId: AGENT.triageBot, definition: upstream }),
      ),
      http.patch('*/api/v1/agents/:agentId/definition', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        return HttpResponse.json({
          agent: { id: AGENT.triageBot, agentKey: 'triage-bot', displayName: 'triage-bot', status: 'active' },
          definition: { ...upstream, ...body, version: stored.version + 1 },
        })
      }),
    )
    await app.queryClient.invalidateQueries()
    await userEvent.selectOptions(select, ENV.e2bPython)
    await userEvent.click(screen.getByRole('button', { name: 'Save session defaults' }))
    expect(
      await screen.findByText(
        `Saved as version ${stored.version + 1}. New sessions inherit e2b-python; existing sessions keep theirs.`,
      ),
    ).toBeInTheDocument()
    // The read-modify-write sends back the fields the console does not know.
    expect(patches[0]).toMatchObject({
      id: 'def_triage',
      scope: 'user',
      ownerId: 'usr_alice',
      defaultEnvironmentId: ENV.e2bPython,
    })
  })
})

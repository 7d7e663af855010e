import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { AGENT, SESSION } from '../seed/fixture-ids'
import { readJson, startSessionBackend, type SessionHarness } from '../testing/session-harness'

type Session = components['schemas']['Session']

/**
 * The `release` variant answers like a Gateway of the 2026-08 release (upstream c2d43f86): the
 * dataplane's `web/api/` has no Agent Session controller, the control plane answers unknown API
 * paths `404 {"error":"not found"}` (`aistio/internal/httpapi/server.go` spaFallback), and
 * sessions live under `/api/sessions` (`aistio/internal/product/handlers_sessions.go`).
 */
let harness: SessionHarness
beforeEach(async () => {
  harness = await startSessionBackend({ options: { apiVariant: 'release' } })
})
afterEach(() => {
  harness.server.close()
  expect(harness.contractFailures).toEqual([])
})

describe('the release variant (2026-08 Gateway)', () => {
  it('spaFallback: every Agent Session API route answers 404 {"error":"not found"}', async () => {
    for (const path of [
      '/api/v1/agent-sessions?limit=1',
      `/api/v1/agent-sessions/${SESSION.buildDone}`,
      `/api/v1/agent-sessions/${SESSION.buildDone}/events`,
      `/api/v1/agent-sessions/${SESSION.buildDone}/budget`,
      `/api/v1/agent-sessions/${SESSION.buildDone}/trace`,
    ]) {
      const response = await harness.call(path)
      expect(response.status, path).toBe(404)
      expect(await response.json()).toEqual({ error: 'not found' })
    }
  })

  it('handlers_sessions.go: sessions are served under /api/sessions, as a bare array', async () => {
    const list = await harness.call('/api/sessions?limit=50')
    expect(list.status).toBe(200)
    const sessions = await readJson<Session[]>(list)
    expect(sessions.map((session) => session.id)).toContain(SESSION.buildDone)
    const one = await harness.call(`/api/sessions/${SESSION.buildDone}`)
    expect(one.status).toBe(200)
    expect((await readJson<Session>(one)).id).toBe(SESSION.buildDone)
  })

  it('listAgentsFromRegistry: /api/v1/agents lists deployed agents by name, with no catalog id or definition', async () => {
    const list = await harness.call('/api/v1/agents')
    expect(list.status).toBe(200)
    const body = await readJson<{ items: Record<string, unknown>[] }>(list)
    expect(body.items.length).toBeGreaterThan(0)
    for (const item of body.items) {
      expect(item).not.toHaveProperty('id')
      expect(typeof item.name).toBe('string')
    }
    // Not the catalog our contract describes, which is the point: the console must see that.
    expect(harness.contractFailures.map((failure) => failure.operation)).toEqual(['listAgents'])
    harness.contractFailures.length = 0
    const definition = await harness.call(`/api/v1/agents/${AGENT.releaseHelper}/definition`)
    expect(definition.status).toBe(404)
    expect(await definition.json()).toEqual({ error: 'not found' })
  })

  it('environments answer as in every other variant', async () => {
    const response = await harness.call('/api/environments')
    expect(response.status).toBe(200)
    expect(Array.isArray(await response.json())).toBe(true)
  })

  it('version: GET /api/v1/version names the release, without sign-in', async () => {
    const response = await fetch('http://localhost/api/v1/version')
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ version: 'mock-2026.08', apiVersion: 'v1' })
  })

  it('the code variant still serves the Agent Session API', async () => {
    harness.backend.options.apiVariant = 'code'
    expect((await harness.call('/api/v1/agent-sessions?limit=1')).status).toBe(200)
    expect((await harness.call(`/api/v1/agents/${AGENT.releaseHelper}/definition`)).status).toBe(200)
    const version = await fetch('http://localhost/api/v1/version')
    expect(await version.json()).toMatchObject({ version: 'mock-agent-session-api' })
  })
})

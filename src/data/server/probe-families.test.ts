import { describe, expect, it } from 'vitest'
import {
  classifyProbe,
  isCatalogShape,
  probeServer,
  probeSessionOperations,
  type ProbeAnswer,
} from './probe-families'

const ok = (body: unknown): ProbeAnswer => ({ status: 200, body })
const refused = (status: number): ProbeAnswer => ({ status, body: null })

describe('classifyProbe', () => {
  it('reads 404, 405 and 501 as a missing route, and a refusal as a route that exists', () => {
    expect(classifyProbe(refused(404))).toBe('absent')
    expect(classifyProbe(refused(405))).toBe('absent')
    expect(classifyProbe(refused(501))).toBe('absent')
    expect(classifyProbe(refused(403))).toBe('served')
    expect(classifyProbe(refused(400))).toBe('served')
  })

  it('reads a 2xx that is not JSON (a single-page fallback) as absent', () => {
    expect(classifyProbe({ status: 200, notJson: true })).toBe('absent')
  })

  it('says nothing about the route when the server or the network failed', () => {
    expect(classifyProbe(refused(503))).toBe('unknown')
    expect(classifyProbe({ networkError: true })).toBe('unknown')
  })
})

describe('isCatalogShape', () => {
  it('accepts catalog agents by id whatever its form, and refuses deployed agents listed by name', () => {
    expect(isCatalogShape({ items: [{ id: '7f0c1e7a-3b6e-4d8e-9a53-2f1d1c8b9e10' }] })).toBe(true)
    expect(isCatalogShape({ items: [{ id: 'agt_releasehelper1' }] })).toBe(true)
    expect(isCatalogShape({ items: [{ name: 'release-helper', type: 'BYO' }] })).toBe(false)
    expect(isCatalogShape([])).toBe(false)
  })
})

describe('probeServer', () => {
  it('on a 2026-08 release Gateway: environments served, no catalog, no Agent Session API', async () => {
    const answers: Record<string, ProbeAnswer> = {
      '/api/environments?limit=1': ok([]),
      '/api/v1/agents?limit=1': ok({ items: [{ name: 'release-helper', namespace: 'default' }] }),
      '/api/v1/agent-sessions?limit=1': { status: 404, body: { error: 'not found' } },
      '/api/v1/version': ok({ version: '2026.08.1', apiVersion: 'v1' }),
    }
    const asked: string[] = []
    const facts = await probeServer((path) => {
      asked.push(path)
      return Promise.resolve(answers[path] ?? refused(500))
    })
    expect(facts).toEqual({
      families: { environments: 'served', agentCatalog: 'absent', agentSessions: 'absent' },
      version: '2026.08.1',
      sampleSessionId: null,
    })
    expect(asked).toHaveLength(4)
    const operations = await probeSessionOperations(() => Promise.reject(new Error('not asked')), facts)
    expect(Object.values(operations)).toEqual(Array(7).fill('absent'))
  })

  it('with the Agent Session API: asks about each operation on the first session', async () => {
    const facts = await probeServer((path) =>
      Promise.resolve(
        path.startsWith('/api/v1/agent-sessions')
          ? ok([{ id: 'sess/1' }])
          : path === '/api/v1/version'
            ? refused(404)
            : path.startsWith('/api/v1/agents')
              ? ok({ items: [] })
              : ok([]),
      ),
    )
    expect(facts).toMatchObject({ version: null, sampleSessionId: 'sess/1' })
    expect(facts.families).toEqual({
      environments: 'served',
      agentCatalog: 'served',
      agentSessions: 'served',
    })
    const asked: string[] = []
    const operations = await probeSessionOperations((path) => {
      asked.push(path)
      return Promise.resolve(
        path.endsWith('/trace?limit=1') ? refused(404) : path.endsWith('/budget') ? ok({}) : refused(403),
      )
    }, facts)
    expect(asked).toContain('/api/v1/agent-sessions/sess%2F1/budget')
    expect(operations).toMatchObject({ trace: 'absent', budget: 'served', files: 'served' })
  })

  it('with no session to ask about, the operations are not known', async () => {
    const operations = await probeSessionOperations(() => Promise.reject(new Error('not asked')), {
      families: { environments: 'served', agentCatalog: 'served', agentSessions: 'served' },
      version: null,
      sampleSessionId: null,
    })
    expect(new Set(Object.values(operations))).toEqual(new Set(['unknown']))
  })
})

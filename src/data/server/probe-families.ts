/**
 * Which of the console's API families a server serves, learnt from a handful of requests at
 * sign-in instead of one failed request per screen. Gateways differ: one of the 2026-08 release
 * serves environments and `/api/sessions` but none of `/api/v1/agent-sessions/**` and no agent
 * catalog definitions; a newer one may still have tracing switched off (404) or other session
 * operations missing. Pure logic: the caller passes how to send a GET.
 */
import { isRecord } from '@/lib/read-fields'
import { SESSION_OPERATION_FAMILIES, type ApiFamily, type SessionOperationFamily } from '@/api/api-families'

export { SESSION_OPERATION_FAMILIES, type ApiFamily, type SessionOperationFamily }

/**
 * `served`: the route answered (a refusal such as 403 counts: the route exists). `absent`: 404,
 * 405 or 501, a 2xx that is not JSON (a Gateway's single-page fallback), or a 2xx in another
 * family's shape. `unknown`: not asked (no session to ask about) or the server failed (5xx,
 * network), which says nothing about the route, so screens behave as if it were served.
 */
export type FamilyStatus = 'served' | 'absent' | 'unknown'

/** What one probe GET came back with: the status and the parsed body, or why there is none. */
export type ProbeAnswer =
  { status: number; body: unknown } | { status: number; notJson: true } | { networkError: true }

export type ProbeGet = (path: string) => Promise<ProbeAnswer>

export type ServerFacts = {
  families: Record<'environments' | 'agentCatalog' | 'agentSessions', FamilyStatus>
  /** `version` of `GET /api/v1/version`, when the server names one. */
  version: string | null
  /** A session the operations can be probed on (the first of the caller's), if any. */
  sampleSessionId: string | null
}

/** One answer as a family status; `isShape` tells a 2xx of this family from another one's. */
export function classifyProbe(
  answer: ProbeAnswer,
  isShape: (body: unknown) => boolean = () => true,
): FamilyStatus {
  if ('networkError' in answer) return 'unknown'
  const { status } = answer
  if (status === 404 || status === 405 || status === 501) return 'absent'
  if (status >= 200 && status < 300) {
    if ('notJson' in answer) return 'absent'
    return isShape(answer.body) ? 'served' : 'absent'
  }
  if (status >= 500 || status === 0) return 'unknown'
  return 'served'
}

const listItems = (body: unknown): unknown[] | null =>
  Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.items) ? body.items : null

/**
 * The catalog answers `{items}` of agents with an `id` (a UUID upstream; the console never relies
 * on its form). The 2026-08 release's `/api/v1/agents` lists deployed agents by `name` and has no
 * definitions under it, so items without an `id` mean the catalog is absent.
 */
export function isCatalogShape(body: unknown): boolean {
  const items = isRecord(body) && Array.isArray(body.items) ? body.items : null
  return (
    items !== null && items.every((item) => isRecord(item) && typeof item.id === 'string' && item.id !== '')
  )
}

/** A session list in either shape the Agent Session API sends (bare array or `{items}`). */
export function isSessionListShape(body: unknown): boolean {
  return listItems(body) !== null
}

function firstSessionId(answer: ProbeAnswer): string | null {
  if (!('body' in answer)) return null
  const first = listItems(answer.body)?.[0]
  return isRecord(first) && typeof first.id === 'string' ? first.id : null
}

/** The first-level probes, in parallel: one request per family plus the version. */
export async function probeServer(get: ProbeGet): Promise<ServerFacts> {
  const [environments, catalog, sessions, version] = await Promise.all([
    get('/api/environments?limit=1'),
    get('/api/v1/agents?limit=1'),
    get('/api/v1/agent-sessions?limit=1'),
    get('/api/v1/version'),
  ])
  const agentSessions = classifyProbe(sessions, isSessionListShape)
  return {
    families: {
      environments: classifyProbe(environments, (body) => Array.isArray(body)),
      agentCatalog: classifyProbe(catalog, isCatalogShape),
      agentSessions,
    },
    version:
      'body' in version && isRecord(version.body) && typeof version.body.version === 'string'
        ? version.body.version
        : null,
    sampleSessionId: agentSessions === 'served' ? firstSessionId(sessions) : null,
  }
}

const OPERATION_PATHS: Record<SessionOperationFamily, string> = {
  trace: '/trace?limit=1',
  inputs: '/inputs',
  files: '/files?limit=1',
  artifacts: '/artifacts',
  checkpoints: '/checkpoints?limit=1',
  subagents: '/subagents',
  budget: '/budget',
}

/**
 * The session operations, asked about one session the caller owns. Without the Agent Session API
 * none is served; with it but no session yet, none can be asked about.
 */
export async function probeSessionOperations(
  get: ProbeGet,
  facts: ServerFacts,
): Promise<Record<SessionOperationFamily, FamilyStatus>> {
  const sessionId = facts.sampleSessionId
  const entries = await Promise.all(
    SESSION_OPERATION_FAMILIES.map(async (family): Promise<[SessionOperationFamily, FamilyStatus]> => {
      if (facts.families.agentSessions === 'absent') return [family, 'absent']
      if (sessionId === null) return [family, 'unknown']
      const answer = await get(
        `/api/v1/agent-sessions/${encodeURIComponent(sessionId)}${OPERATION_PATHS[family]}`,
      )
      return [family, classifyProbe(answer)]
    }),
  )
  return Object.fromEntries(entries) as Record<SessionOperationFamily, FamilyStatus>
}

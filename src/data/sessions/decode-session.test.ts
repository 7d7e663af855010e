import { describe, expect, it } from 'vitest'
import { decodeEventPage, decodeSession, decodeSnapshot, decodeTurn } from './decode-session'
import { normalizeSessionList } from './session-list'
import { normalizeTurnList } from './turn-list'

const session = {
  id: 'ses_1',
  agentId: 'agent_1',
  status: 'idle',
  createdAt: 1000,
  updatedAt: 2000,
  environmentId: 'env_1',
  agentVersion: null,
  environmentSource: 'agent_default',
  memoryStoreIds: ['mem_1'],
}
const event = (id: string) => ({
  schema_version: 1,
  id,
  type: 'turn.queued',
  session_id: 'ses_1',
  created_at: 1,
  cursor: `c_${id}`,
  data: { turn_id: 't1' },
})

describe('decodeSession', () => {
  it('keeps the fields it knows, as sent, and drops what it does not', () => {
    expect(decodeSession({ ...session, somethingNew: { a: 1 } })).toEqual(session)
  })

  it('reads a field of the wrong type as absent, and ISO times as epoch ms', () => {
    const decoded = decodeSession({
      ...session,
      createdAt: '1970-01-01T00:00:01Z',
      updatedAt: undefined,
      environmentId: 42,
      environmentSource: 'somewhere',
      memoryStoreIds: ['mem_1', 7],
    })
    expect(decoded.createdAt).toBe(1000)
    expect(decoded.updatedAt).toBe(1000)
    expect(decoded).not.toHaveProperty('environmentId')
    expect(decoded).not.toHaveProperty('environmentSource')
    expect(decoded.memoryStoreIds).toEqual(['mem_1'])
  })

  it('refuses an answer without the id, agent or status that name the session', () => {
    expect(() => decodeSession({ ...session, id: '' })).toThrow(/id/)
    expect(() => decodeSession({ ...session, agentId: undefined })).toThrow(/agentId/)
    expect(() => decodeSession('ses_1')).toThrow()
  })

  it('decodes every item of both list shapes, and refuses a list with a broken session', () => {
    const request = { offset: 0, limit: 50, totalHeader: '1' }
    expect(normalizeSessionList([session], request).items).toEqual([session])
    expect(normalizeSessionList({ items: [session], next_offset: null }, request).items).toEqual([session])
    expect(() => normalizeSessionList([{ ...session, id: 3 }], request)).toThrow(/id/)
  })
})

describe('decodeTurn', () => {
  const turn = { id: 't1', sessionId: 'ses_1', status: 'running', createdAt: 5 }

  it('decodes both list shapes, taking the session from the request when a turn omits it', () => {
    const { sessionId: _omitted, ...bare } = turn
    expect(normalizeTurnList([bare], 'ses_1')).toEqual([turn])
    expect(normalizeTurnList({ items: [{ ...turn, errorCode: null }] })).toEqual([
      { ...turn, errorCode: null },
    ])
  })

  it('refuses a status the console cannot branch on', () => {
    expect(() => decodeTurn({ ...turn, status: 'sleeping' })).toThrow(/status/)
  })
})

describe('decodeSnapshot', () => {
  it('reads a snapshot without usage or with a missing resource list as empty, keeping the raw answer', () => {
    const sent = { as_of: 'c9', turns: [{ type: 'turn', data: { turn_id: 't1' } }, 'junk'], tools: null }
    const snapshot = decodeSnapshot(sent)
    expect(snapshot.usage).toEqual({ scope: 'session_only', model_calls: 0, totals: {} })
    expect(snapshot.turns).toEqual([{ type: 'turn', data: { turn_id: 't1' } }])
    expect(snapshot.tools).toEqual([])
    expect(snapshot.subagents).toEqual([])
    expect(snapshot.session).toBeNull()
    expect(snapshot.raw).toBe(sent)
  })

  it('reads the session in full, or a child session by reference', () => {
    expect(decodeSnapshot({ as_of: 'c1', session }).session).toEqual(session)
    expect(
      decodeSnapshot({ as_of: 'c1', session: { id: 'ses_2', parent_session_id: 'ses_1' } }).session,
    ).toEqual({
      id: 'ses_2',
      parent_session_id: 'ses_1',
    })
  })

  it('refuses a snapshot without its watermark', () => {
    expect(() => decodeSnapshot({ turns: [] })).toThrow(/as_of/)
  })
})

describe('decodeEventPage', () => {
  it('keeps the v1 envelopes, its cursor (an empty one too) and whether there is more', () => {
    const page = decodeEventPage({
      data: [event('e1'), { schema_version: 2, id: 'e2' }, event('e3')],
      next_cursor: '',
      has_more: true,
    })
    expect(page.events.map((e) => e.id)).toEqual(['e1', 'e3'])
    expect(page).toMatchObject({ nextCursor: '', hasMore: true })
    expect(decodeEventPage({ data: [], has_more: false }).nextCursor).toBeNull()
  })

  it('refuses a page that does not say whether there is more', () => {
    expect(() => decodeEventPage({ data: [] })).toThrow(/has_more/)
  })
})

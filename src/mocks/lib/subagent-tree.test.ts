import { describe, expect, it } from 'vitest'
import type { MockDb, SessionRecord } from '../db/types'
import { descendants } from './subagent-tree'

// Only the fields `descendants` reads: a session's id, its log and the sub-agent sessions table.
function record(id: string, children: string[] = []): SessionRecord {
  return {
    session: { id },
    events: children.map((child) => started(child)),
  } as unknown as SessionRecord
}
function started(child: string) {
  return { type: 'subagent.started', data: { childSessionId: child } }
}
function dbOf(...records: SessionRecord[]): MockDb {
  return { subagentSessions: new Map(records.map((each) => [each.session.id, each])) } as unknown as MockDb
}

describe('descendants', () => {
  it('finds a child its parent names after an earlier walk of the same tree', () => {
    const root = record('root', ['a'])
    const a = record('a')
    const b = record('b')
    const db = dbOf(a, b)
    expect([...(descendants(db, root) as Map<string, SessionRecord>).keys()]).toEqual(['a'])
    a.events.push(started('b') as never)
    expect([...(descendants(db, root) as Map<string, SessionRecord>).keys()]).toEqual(['a', 'b'])
  })

  it('no longer links a child whose only mention was cut from the front of the log', () => {
    const root = record('root', ['a', 'b'])
    const db = dbOf(record('a'), record('b'))
    expect((descendants(db, root) as Map<string, SessionRecord>).size).toBe(2)
    root.events.splice(0, 1)
    expect([...(descendants(db, root) as Map<string, SessionRecord>).keys()]).toEqual(['b'])
  })

  it('refuses a tree past the traversal limit, as upstream answers 409', () => {
    const ids = Array.from({ length: 257 }, (_, index) => `c${index}`)
    expect(descendants(dbOf(...ids.map((id) => record(id))), record('root', ids))).toBe('too_many')
  })
})

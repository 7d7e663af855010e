import { describe, expect, it } from 'vitest'
import { directJump, moveActive, rankCommands, scoreCommand } from './commands'

const items = [
  { id: 'nav-environments', label: 'Environments' },
  { id: 'env_buildworkers01', label: 'build-workers', detail: 'self_hosted', keywords: ['self_hosted'] },
  { id: 'env_e2bpython0001', label: 'e2b-python', keywords: ['sandbox'] },
  { id: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f04', label: 'Triage bot', keywords: ['triage-bot'] },
  { id: 'sess_builddone0001', label: 'sess_builddone0001', keywords: ['Release helper', 'completed'] },
]

describe('command ranking', () => {
  it('lists everything for an empty query, in the given order', () => {
    expect(rankCommands(items, '  ').map((item) => item.id)).toEqual(items.map((item) => item.id))
  })

  it('prefers an exact id, then a name prefix, then a word, then a substring', () => {
    expect(rankCommands(items, 'env_e2bpython0001')[0]?.id).toBe('env_e2bpython0001')
    expect(rankCommands(items, 'bui').map((item) => item.id)).toEqual([
      'env_buildworkers01',
      'sess_builddone0001',
    ])
    expect(rankCommands(items, 'bot')[0]?.id).toBe('3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f04')
    expect(scoreCommand(items[1]!, 'workers')).toBeGreaterThan(scoreCommand(items[1]!, 'orker'))
  })

  it('matches ids, keywords and case-insensitively; every word must match', () => {
    expect(rankCommands(items, 'SANDBOX').map((item) => item.id)).toEqual(['env_e2bpython0001'])
    expect(rankCommands(items, 'release completed').map((item) => item.id)).toEqual(['sess_builddone0001'])
    expect(rankCommands(items, 'release nothing')).toEqual([])
  })

  it('caps the list', () => {
    expect(rankCommands(items, '', 2)).toHaveLength(2)
  })
})

describe('direct jumps', () => {
  it('opens a pasted environment, agent or session id', () => {
    expect(directJump(' env_abc ')).toEqual({
      group: 'environment',
      id: 'env_abc',
      to: '/environments/env_abc',
    })
    expect(directJump('agt_x')?.to).toBe('/agents/agt_x')
    // C5: upstream catalog agents are UUIDs; the palette opens either form.
    expect(directJump('3F6C2A1E-8B4D-4C7A-9E21-5D0B7A4C1F04')).toMatchObject({ group: 'agent' })
    expect(directJump('3f6c2a1e-8b4d-4c7a')).toBeNull()
    expect(directJump('sess_q1')?.to).toBe('/sessions/sess_q1')
  })

  it('ignores anything that is not an id', () => {
    expect(directJump('env_')).toBeNull()
    expect(directJump('build workers')).toBeNull()
    expect(directJump('env_../../admin')).toBeNull()
  })
})

describe('moveActive', () => {
  it('wraps around and jumps to the ends', () => {
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2)
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0)
    expect(moveActive(1, 3, 'End')).toBe(2)
    expect(moveActive(1, 3, 'Home')).toBe(0)
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1)
  })
})

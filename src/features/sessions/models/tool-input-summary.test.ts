import { describe, expect, it } from 'vitest'
import { toolInputSummary } from './tool-input-summary'

describe('toolInputSummary', () => {
  it('shows the command of a shell call and the path of a file call', () => {
    expect(toolInputSummary('execute', { command: 'ls -la\n  /srv' })).toBe('$ ls -la /srv')
    expect(toolInputSummary('write_file', { path: 'notes.md', content: 'long text' })).toBe('notes.md')
    expect(toolInputSummary('grep_files', { pattern: 'TODO', path: 'src' })).toBe('TODO · src')
  })

  it('lists the fields of other tools on one line, cut at 120 characters', () => {
    expect(toolInputSummary('publish', { target: 'docs', dryRun: false, tags: ['a'] })).toBe(
      'target: docs, dryRun: false, tags: ["a"]',
    )
    const summary = toolInputSummary('custom', { text: 'x'.repeat(500) })
    expect(summary).toHaveLength(120)
    expect(summary.endsWith('…')).toBe(true)
  })

  it('masks secrets in what it shows', () => {
    expect(toolInputSummary('call_api', { api_key: 'sk-live-1234567890abcdef' })).not.toContain('1234567890')
    expect(
      toolInputSummary('execute', { command: 'curl -H "Authorization: Bearer abcdefghijklmnop123"' }),
    ).not.toContain('abcdefghijklmnop123')
  })

  it('says nothing for a call without input', () => {
    expect(toolInputSummary('read_file', null)).toBe('')
  })
})

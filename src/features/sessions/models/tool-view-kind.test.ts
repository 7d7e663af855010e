import { describe, expect, it } from 'vitest'
import { toolViewKind } from './tool-view-kind'

describe('toolViewKind', () => {
  it('maps the self-hosted tools and falls back to generic', () => {
    expect(toolViewKind('execute')).toBe('terminal')
    expect(toolViewKind('read_file')).toBe('file-read')
    expect(toolViewKind('write_file')).toBe('file-write')
    expect(toolViewKind('edit_file')).toBe('diff')
    expect(toolViewKind('grep_files')).toBe('listing')
    expect(toolViewKind('mcp__search')).toBe('generic')
  })
})

import { describe, expect, it } from 'vitest'
import { runFileTool } from './file-tools'
import { REMOTE_NO_SHELL_MESSAGE, runMemoryTool } from './memory-tools'
import { runShell, tokenize } from './shell'
import { chunkLines, globToRegExp, normalizeToolPath } from './tool-common'
import { TEMPLATE_FILES, type FileMap } from './workspace-files'

const files = (): FileMap => new Map(Object.entries(TEMPLATE_FILES))
const shell = (map: FileMap, command: string) =>
  runShell({ files: map, cwd: '/work', user: 'u', hostname: 'h', now: Date.UTC(2026, 0, 1) }, command)

describe('paths and globs', () => {
  it('keeps paths inside the working directory', () => {
    expect(normalizeToolPath('a/./b/../c.txt')).toBe('a/c.txt')
    expect(normalizeToolPath('/etc/passwd')).toBe('etc/passwd')
    expect(normalizeToolPath('.')).toBe('')
    expect(normalizeToolPath('../secret')).toBeNull()
    expect(normalizeToolPath('a/../../b')).toBeNull()
  })

  it('matches globs over relative paths', () => {
    expect(globToRegExp('*.py').test('release_tools/changelog.py')).toBe(true)
    expect(globToRegExp('release_tools/*.py').test('release_tools/changelog.py')).toBe(true)
    expect(globToRegExp('release_tools/*.py').test('tests/test_changelog.py')).toBe(false)
    expect(globToRegExp('**/*.{md,csv}').test('data/metrics.csv')).toBe(true)
    expect(globToRegExp('**/*.{md,csv}').test('README.md')).toBe(true)
    expect(globToRegExp('test?/*').test('tests/x')).toBe(true)
  })

  it('chunks output by lines', () => {
    expect(chunkLines('1\n2\n3\n', 2)).toEqual(['1\n2\n', '3\n'])
  })
})

describe('file tools over in-memory files', () => {
  it('writes, reads, edits, lists, globs and greps', () => {
    const map = files()
    expect(runFileTool(map, 'write_file', { path: 'notes/a.txt', content: 'one TODO\ntwo\n' })).toEqual({
      chunks: ['Wrote 13 bytes to notes/a.txt'],
      isError: false,
    })
    expect(runFileTool(map, 'read_file', { path: 'notes/a.txt' }).chunks).toEqual(['one TODO\ntwo\n'])
    expect(
      runFileTool(map, 'edit_file', { path: 'notes/a.txt', old_string: 'two', new_string: '2' }).isError,
    ).toBe(false)
    expect(map.get('notes/a.txt')).toBe('one TODO\n2\n')
    expect(runFileTool(map, 'list_files', { path: '.' }).chunks[0]?.split('\n')).toContain('notes/')
    expect(runFileTool(map, 'list_files', { path: 'notes' }).chunks).toEqual(['a.txt'])
    expect(runFileTool(map, 'glob_files', { pattern: '*.txt' }).chunks).toEqual(['notes/a.txt'])
    expect(runFileTool(map, 'grep_files', { pattern: 'TODO', path: 'notes' }).chunks).toEqual([
      'notes/a.txt:1:one TODO',
    ])
  })

  it('answers missing files, ambiguous edits, bad patterns and escapes as tool errors', () => {
    const map = files()
    expect(runFileTool(map, 'read_file', { path: 'nope.txt' })).toEqual({
      chunks: ['Error: file not found: nope.txt'],
      isError: true,
    })
    expect(runFileTool(map, 'read_file', { path: '../outside' }).chunks[0]).toContain(
      'escapes the working directory',
    )
    map.set('x.txt', 'a a')
    expect(
      runFileTool(map, 'edit_file', { path: 'x.txt', old_string: 'a', new_string: 'b' }).chunks[0],
    ).toContain('occurs 2 times')
    expect(
      runFileTool(map, 'edit_file', { path: 'x.txt', old_string: 'a', new_string: 'b', replace_all: true })
        .chunks[0],
    ).toBe('Edited x.txt: 2 replacements')
    expect(runFileTool(map, 'grep_files', { pattern: '(' }).isError).toBe(true)
    expect(runFileTool(map, 'list_files', { path: 'missing' }).isError).toBe(true)
  })
})

describe('pretend shell', () => {
  it('tokenizes quotes and operators', () => {
    expect(tokenize(`echo "a b" 'c'&&ls>out.txt; pwd >> log`)).toEqual([
      'echo',
      'a b',
      'c',
      '&&',
      'ls',
      '>',
      'out.txt',
      ';',
      'pwd',
      '>>',
      'log',
    ])
  })

  it('runs chains with redirection and real exit codes', () => {
    const map = files()
    expect(shell(map, 'echo hello > greeting.txt && cat greeting.txt')).toEqual({
      chunks: ['hello\n'],
      isError: false,
    })
    expect(shell(map, 'pwd; whoami').chunks.join('')).toBe('/work\nu\n')
    expect(shell(map, 'false && echo never')).toEqual({ chunks: ['exit code 1\n'], isError: true })
    expect(shell(map, 'nvidia-smi')).toEqual({
      chunks: ['sh: 1: nvidia-smi: not found\nexit code 127\n'],
      isError: true,
    })
    expect(shell(map, 'seq 3')).toEqual({ chunks: ['1\n2\n3\n'], isError: false })
    expect(shell(map, 'seq 1 100').chunks).toHaveLength(3)
    expect(shell(map, 'head -n 1 README.md').chunks).toEqual(['# release-tools\n'])
    expect(shell(map, 'python -m pytest').chunks.join('')).toContain('18 passed')
  })

  it('refuses a shell where the environment has none', () => {
    expect(runMemoryTool(files(), 'execute', { command: 'ls' }, null)).toEqual({
      chunks: [REMOTE_NO_SHELL_MESSAGE],
      isError: true,
    })
    expect(runMemoryTool(files(), 'read_file', { path: 'README.md' }, null).isError).toBe(false)
    expect(runMemoryTool(files(), 'teleport', {}, null).isError).toBe(true)
  })
})

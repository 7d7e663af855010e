import { describe, expect, it } from 'vitest'
import {
  formatShellResult,
  HANDS_MAX_CAPTURED_BYTES,
  intOf,
  javaGlobToRegExp,
  listingEntries,
  matchesJavaGlob,
  numberedLines,
  readAllLines,
  readShowsContent,
  resolveHandsPath,
  sanitizeName,
  shellOutput,
} from './hands-format'
import { runHandsToolInMemory } from './hands-memory'
import { expectedContent, HANDS_FILE_CASES, HANDS_SHELL_CASES } from '../testing/hands-conformance'
import type { FileMap } from './workspace-files'
import { editFile, execute, readFile, writeFile } from './turn-scripts'

/**
 * The texts of upstream's LocalHandsToolExecutor (service-scheduler
 * …/managed/selfhosted/LocalHandsToolExecutor.java), as the virtual workers produce them over
 * in-memory files. The worker process runs the same table on real files (worker-cli/hands.test.ts).
 */
const WORK = '/home/worker-a/hands/sess_1'
const shell = { user: 'worker', hostname: 'worker-a', now: Date.UTC(2026, 0, 1) }

describe('virtual worker tools answer as LocalHandsToolExecutor.execute', () => {
  const files: FileMap = new Map()
  for (const testCase of [...HANDS_FILE_CASES, ...HANDS_SHELL_CASES]) {
    it(`LocalHandsToolExecutor.${testCase.method}`, () => {
      expect(runHandsToolInMemory(files, WORK, testCase.tool, testCase.input, shell)).toEqual({
        content: expectedContent(testCase, WORK),
        isError: testCase.isError,
      })
    })
  }

  it('LocalHandsToolExecutor.execShell: output at MAX_CAPTURED_BYTES (200 000) is cut and ends "(output was truncated)"', () => {
    const outcome = runHandsToolInMemory(new Map(), WORK, 'execute', { command: 'seq 1 100000' }, shell)
    expect(outcome.isError).toBe(false)
    expect(outcome.content.startsWith('Exit code: 0\n\n1\n2\n')).toBe(true)
    expect(outcome.content.endsWith('\n(output was truncated)')).toBe(true)
    const body = shellOutput(outcome.content)
    expect(new TextEncoder().encode(body).length).toBe(HANDS_MAX_CAPTURED_BYTES)
  })

  it('LocalHandsToolExecutor.execShell: a command writes files the file tools then read, line-numbered', () => {
    const map: FileMap = new Map()
    runHandsToolInMemory(map, WORK, 'execute', { command: 'echo hello > out.txt' }, shell)
    expect(runHandsToolInMemory(map, WORK, 'read_file', { path: `${WORK}/out.txt` }, shell)).toEqual({
      content: '     1|hello\n',
      isError: false,
    })
  })
})

describe('the Java rules the executor inherits', () => {
  it('Files.readAllLines: \\n, \\r\\n and \\r end lines; a final terminator adds none', () => {
    expect(readAllLines('a\r\nb\rc\n\nlast')).toEqual(['a', 'b', 'c', '', 'last'])
    expect(readAllLines('one\n')).toEqual(['one'])
    expect(readAllLines('')).toEqual([])
  })

  it('LocalHandsToolExecutor.intOf: numbers truncate, numeric strings parse, anything else is the default', () => {
    expect(intOf({ n: 2.9 }, 'n', 0)).toBe(2)
    expect(intOf({ n: '-3' }, 'n', 0)).toBe(-3)
    expect(intOf({ n: '1.5' }, 'n', 7)).toBe(7)
    expect(intOf({ n: true }, 'n', 7)).toBe(7)
    expect(intOf({}, 'n', 7)).toBe(7)
  })

  it('LocalHandsToolExecutor.resolve: absolute paths inside the work directory are fine, normalized first', () => {
    expect(resolveHandsPath(WORK, `${WORK}/a/../b.txt`)).toEqual({ path: `${WORK}/b.txt`, relative: 'b.txt' })
    expect(resolveHandsPath(WORK, 'd//e/./f.txt')).toEqual({
      path: `${WORK}/d/e/f.txt`,
      relative: 'd/e/f.txt',
    })
    expect(resolveHandsPath(WORK, `${WORK}-other/x`)).toEqual({
      content: `path escapes workspace: ${WORK}-other/x`,
      isError: true,
    })
  })

  it('LocalHandsToolExecutor.matchesGlob: name match without a leading **/, or the whole path', () => {
    expect(matchesJavaGlob(`${WORK}/src/a.py`, '*.py')).toBe(true)
    expect(matchesJavaGlob(`${WORK}/src/a.py`, 'src/*.py')).toBe(false)
    expect(matchesJavaGlob(`${WORK}/src/a.py`, '**/src/*.py')).toBe(true)
    expect(matchesJavaGlob(`${WORK}/a.txt`, '*.{txt,bin}')).toBe(true)
    expect(matchesJavaGlob(`${WORK}/b.txt`, '[!a]*.txt')).toBe(true)
    expect(matchesJavaGlob(`${WORK}/a.txt`, '[!a]*.txt')).toBe(false)
    expect(() => javaGlobToRegExp('[a-')).toThrow("Missing '] near index 3\n[a-")
  })

  it('HandsWorkerMain.sanitize: a session directory keeps [a-zA-Z0-9._-] only', () => {
    expect(sanitizeName('sess/../x y')).toBe('sess_.._x_y')
  })
})

describe('reading results back (the mock agent)', () => {
  it('sees the file content in a line-numbered read_file and in plain text alike', () => {
    const content = 'environment check: ok\nworker can write and read its working directory\n'
    expect(
      readShowsContent(
        '     1|environment check: ok\n     2|worker can write and read its working directory\n',
        content,
      ),
    ).toBe(true)
    expect(readShowsContent(content, content)).toBe(true)
    expect(readShowsContent('     1|environment check: failed\n', content)).toBe(false)
    expect(numberedLines('     1|a|b\n1000000|c\n')).toEqual(['a|b', 'c'])
    expect(numberedLines('plain text\n')).toBeNull()
  })

  it('takes the Exit code header and the truncation note off execute output', () => {
    expect(shellOutput(formatShellResult(0, 'hi\n', 3).content)).toBe('hi\n')
    expect(shellOutput(formatShellResult(2, '', 0).content)).toBe('')
    expect(shellOutput(formatShellResult(0, 'x', HANDS_MAX_CAPTURED_BYTES).content)).toBe('x')
  })

  it('counts "No matches found", "No matching files found" and "Empty or not a directory" as no entries', () => {
    expect(listingEntries('No matches found')).toEqual([])
    expect(listingEntries('No matching files found')).toEqual([])
    expect(listingEntries('Empty or not a directory: ')).toEqual([])
    expect(listingEntries('[FILE] a (1 bytes)\n[DIR]  b')).toHaveLength(2)
  })
})

describe('seeded history of worker-run tools', () => {
  it('shows what HandsWorkerMain posts: LocalHandsToolExecutor texts for write, read, edit and execute', () => {
    expect(writeFile('worker', 'a.txt', 'x\n').output).toEqual(['Written to a.txt'])
    expect(readFile('worker', 'a.txt', 'one\ntwo\n').output).toEqual(['     1|one\n     2|two\n'])
    expect(editFile('worker', 'a.txt', 'one', '1').output).toEqual(['Edited a.txt (1 replacement(s))'])
    expect(execute('worker', 'false', [], 1)).toMatchObject({ output: ['Exit code: 1\n'], isError: true })
    // The backend's own tools keep their texts.
    expect(readFile('backend', 'a.txt', 'one\n').output).toEqual(['one\n'])
  })
})

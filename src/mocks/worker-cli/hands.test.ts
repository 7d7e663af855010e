// @vitest-environment node
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { HANDS_MAX_CAPTURED_BYTES, shellOutput } from '../engine/hands-format'
import { expectedContent, HANDS_FILE_CASES, HANDS_SHELL_CASES } from '../testing/hands-conformance'
import { withEmptyLoginHome } from '../testing/login-home'
import { runHandsTool } from './hands'

/**
 * The worker process's tools on real files answer as upstream's LocalHandsToolExecutor
 * (service-scheduler …/managed/selfhosted/LocalHandsToolExecutor.java) does: the same table the
 * virtual workers run (testing/hands-conformance.ts), then what only real files and processes show.
 */
withEmptyLoginHome()
const limits = { executeTimeoutMs: 30_000, maxOutputBytes: HANDS_MAX_CAPTURED_BYTES }

describe('LocalHandsToolExecutor.execute on real files', () => {
  let base: string
  let work: string
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'hands-table-'))
    work = join(base, 'hands', 'sess_1')
    await mkdir(work, { recursive: true })
  })
  afterAll(async () => {
    await rm(base, { recursive: true, force: true })
  })
  for (const testCase of [...HANDS_FILE_CASES, ...HANDS_SHELL_CASES]) {
    it(`LocalHandsToolExecutor.${testCase.method}`, async () => {
      expect(await runHandsTool(work, testCase.tool, testCase.input, limits)).toEqual({
        content: expectedContent(testCase, work),
        isError: testCase.isError,
      })
    })
  }
})

let base: string
let work: string
let outside: string
const run = (name: string, input: Record<string, unknown>, override = limits) =>
  runHandsTool(work, name, input, override)

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'hands-test-'))
  work = join(base, 'hands', 'sess_1')
  outside = join(base, 'outside')
  await mkdir(work, { recursive: true })
  await mkdir(outside)
  await writeFile(join(outside, 'secret.txt'), 'top secret\n')
})
afterEach(async () => {
  await rm(base, { recursive: true, force: true })
})

describe('file tools', () => {
  it('LocalHandsToolExecutor.readFile: a file that is not UTF-8 fails as MalformedInputException; grep skips it', async () => {
    await writeFile(join(work, 'bad.bin'), Buffer.from([0xff, 0xfe, 0x20, 0x62, 0x61, 0x64, 0x0a]))
    expect(await run('read_file', { path: 'bad.bin' })).toEqual({
      content: 'Input length = 1',
      isError: true,
    })
    expect(await run('grep_files', { pattern: 'bad' })).toEqual({
      content: 'No matches found',
      isError: false,
    })
    await writeFile(join(work, 'crlf.txt'), 'a\r\nb\rc\n\nlast')
    expect((await run('read_file', { path: 'crlf.txt' })).content).toBe(
      '     1|a\n     2|b\n     3|c\n     4|\n     5|last\n',
    )
  })

  it('refuses symlinks that lead outside, for reading and writing, and dangling ones (stricter than upstream)', async () => {
    await symlink(join(outside, 'secret.txt'), join(work, 'link.txt'))
    await symlink(outside, join(work, 'linkdir'))
    await symlink(join(base, 'nowhere'), join(work, 'dangling'))
    const escapes = (path: string) => ({ content: `path escapes workspace: ${path}`, isError: true })
    expect(await run('read_file', { path: 'link.txt' })).toEqual(escapes('link.txt'))
    expect(await run('read_file', { path: 'linkdir/secret.txt' })).toEqual(escapes('linkdir/secret.txt'))
    expect(await run('write_file', { path: 'linkdir/new.txt', content: 'x' })).toEqual(
      escapes('linkdir/new.txt'),
    )
    expect(await run('write_file', { path: 'dangling', content: 'x' })).toEqual(escapes('dangling'))
    expect(await run('list_files', { path: 'linkdir' })).toEqual(escapes('linkdir'))
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('top secret\n')
    // grep and glob walk without following links.
    expect((await run('grep_files', { pattern: 'secret' })).content).toBe('No matches found')
    // A link that stays inside is fine.
    await writeFile(join(work, 'real.txt'), 'inside\n')
    await symlink(join(work, 'real.txt'), join(work, 'alias.txt'))
    expect((await run('read_file', { path: 'alias.txt' })).content).toBe('     1|inside\n')
  })
})

describe('execute', () => {
  it('LocalHandsToolExecutor.execShell: runs bash -lc in the work directory, stderr merged in order', async () => {
    expect(await run('execute', { command: 'pwd; echo err >&2; echo out' })).toEqual({
      content: `Exit code: 0\n\n${work}\nerr\nout\n`,
      isError: false,
    })
    expect((await run('execute', { command: 'echo $0' })).content).toBe('Exit code: 0\n\n/bin/bash\n')
  })

  it('LocalHandsToolExecutor.execShell: stdin is an open pipe, so a command reading it waits until the timeout', async () => {
    const started = Date.now()
    expect(await run('execute', { command: 'cat; echo never', timeout: 1 })).toEqual({
      content: 'Command timed out after 1s',
      isError: true,
    })
    expect(Date.now() - started).toBeLessThan(4_000)
  })

  it('LocalHandsToolExecutor.execShell: the capture stops at MAX_CAPTURED_BYTES and says "(output was truncated)"', async () => {
    const outcome = await run('execute', { command: 'seq 1 1000000' })
    expect(outcome.content.startsWith('Exit code: ')).toBe(true)
    expect(outcome.content.endsWith('\n(output was truncated)')).toBe(true)
    expect(Buffer.byteLength(shellOutput(outcome.content))).toBe(HANDS_MAX_CAPTURED_BYTES)
    // The closed pipe ends the writer with SIGPIPE: 128 + 13, an error like any non-zero exit.
    expect(outcome.content).toMatch(/^Exit code: 141\n/)
    expect(outcome.isError).toBe(true)
  })
})

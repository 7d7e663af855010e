// @vitest-environment node
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runHandsTool } from './hands'

/** The worker process's tools on real files: confined to the work directory, bounded in time and size. */
let base: string
let work: string
let outside: string
const limits = { executeTimeoutMs: 5_000, maxOutputBytes: 64 * 1024 }
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
  it('write, read, edit, list, glob and grep inside the work directory', async () => {
    expect(await run('write_file', { path: 'src/app.py', content: 'x = 1  # TODO\n' })).toEqual({
      chunks: ['Wrote 14 bytes to src/app.py'],
      isError: false,
    })
    expect(await readFile(join(work, 'src/app.py'), 'utf8')).toBe('x = 1  # TODO\n')
    expect((await run('read_file', { path: 'src/app.py' })).chunks).toEqual(['x = 1  # TODO\n'])
    expect((await run('edit_file', { path: 'src/app.py', old_string: '1', new_string: '2' })).chunks).toEqual(
      ['Edited src/app.py: 1 replacement'],
    )
    expect((await run('list_files', {})).chunks).toEqual(['src/'])
    expect((await run('glob_files', { pattern: '*.py' })).chunks).toEqual(['src/app.py'])
    expect((await run('grep_files', { pattern: 'TODO' })).chunks).toEqual(['src/app.py:1:x = 2  # TODO'])
    expect(await run('read_file', { path: 'missing.txt' })).toEqual({
      chunks: ['Error: file not found: missing.txt'],
      isError: true,
    })
  })

  it('refuses paths that climb out with ..', async () => {
    for (const path of ['../../outside/secret.txt', 'a/../../x', '..']) {
      const outcome = await run('read_file', { path })
      expect(outcome.isError, path).toBe(true)
      expect(outcome.chunks[0]).toContain('escapes the working directory')
    }
    expect((await run('write_file', { path: '../escape.txt', content: 'x' })).isError).toBe(true)
    // An absolute path counts from the work directory, so it cannot reach the real /etc.
    expect((await run('read_file', { path: '/etc/hostname' })).chunks[0]).toBe(
      'Error: file not found: /etc/hostname',
    )
  })

  it('refuses symlinks that lead outside, for reading and writing, and dangling ones', async () => {
    await symlink(join(outside, 'secret.txt'), join(work, 'link.txt'))
    await symlink(outside, join(work, 'linkdir'))
    await symlink(join(base, 'nowhere'), join(work, 'dangling'))
    expect((await run('read_file', { path: 'link.txt' })).chunks[0]).toContain('escapes')
    expect((await run('read_file', { path: 'linkdir/secret.txt' })).chunks[0]).toContain('escapes')
    expect((await run('write_file', { path: 'linkdir/new.txt', content: 'x' })).chunks[0]).toContain(
      'escapes',
    )
    expect((await run('write_file', { path: 'dangling', content: 'x' })).chunks[0]).toContain('escapes')
    expect((await run('list_files', { path: 'linkdir' })).chunks[0]).toContain('escapes')
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('top secret\n')
    // grep and glob walk without following links.
    expect((await run('grep_files', { pattern: 'secret' })).chunks).toEqual([''])
    // A link that stays inside is fine.
    await writeFile(join(work, 'real.txt'), 'inside\n')
    await symlink(join(work, 'real.txt'), join(work, 'alias.txt'))
    expect((await run('read_file', { path: 'alias.txt' })).chunks).toEqual(['inside\n'])
  })
})

describe('execute', () => {
  it('runs in the work directory with stdout and stderr, and fails on a non-zero exit', async () => {
    expect(await run('execute', { command: 'pwd; echo err >&2' })).toEqual({
      chunks: [`${work}\nerr\n`],
      isError: false,
    })
    expect(await run('execute', { command: 'exit 3' })).toEqual({ chunks: ['exit code 3\n'], isError: true })
  })

  it('kills a command at the timeout', async () => {
    const started = Date.now()
    const outcome = await run(
      'execute',
      { command: 'sleep 5; echo never' },
      { ...limits, executeTimeoutMs: 200 },
    )
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(outcome).toEqual({ chunks: ['Error: command timed out after 200 ms\n'], isError: true })
  })

  it('caps the output', async () => {
    const outcome = await run('execute', { command: 'seq 1 100000' }, { ...limits, maxOutputBytes: 1_000 })
    const text = outcome.chunks.join('')
    expect(text).toContain('[output truncated at 1000 bytes]')
    expect(text.length).toBeLessThan(1_100)
    expect(outcome.isError).toBe(false)
  })
})

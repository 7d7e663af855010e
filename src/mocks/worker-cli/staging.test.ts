// @vitest-environment node
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inputReferences, MAX_INPUT_BYTES, stageInputs, stageSkills } from './staging'

let workDir = ''
beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'staging-'))
})
afterEach(async () => {
  await rm(workDir, { recursive: true, force: true })
})

const b64 = (text: string) => Buffer.from(text).toString('base64')

describe('skills', () => {
  it('writes SKILL.md and every resource file, decoding base64 and marking scripts executable', async () => {
    const log: string[] = []
    const staged = await stageSkills(
      workDir,
      {
        sessionId: 's',
        agentId: 'a',
        skills: [
          {
            name: 'semver bump',
            skillContent: '# semver',
            resources: {
              'scripts/bump.sh': { encoding: 'utf8', contentBase64: b64('#!/bin/sh\n'), executable: true },
              'notes/readme.txt': { encoding: 'base64', content: b64('hello') },
              'plain.txt': { content: 'as is' },
              '../../outside.txt': { content: 'nope' },
            },
          },
        ],
      },
      (line) => log.push(line),
    )
    expect(staged).toBe(1)
    const dir = join(workDir, 'skills/semver_bump')
    expect(await readFile(join(dir, 'SKILL.md'), 'utf8')).toBe('# semver')
    expect(await readFile(join(dir, 'scripts/bump.sh'), 'utf8')).toBe('#!/bin/sh\n')
    expect((await stat(join(dir, 'scripts/bump.sh'))).mode & 0o111).not.toBe(0)
    expect(await readFile(join(dir, 'notes/readme.txt'), 'utf8')).toBe('hello')
    expect(await readFile(join(dir, 'plain.txt'), 'utf8')).toBe('as is')
    expect(await readdir(workDir)).toEqual(['skills'])
    expect(log).toEqual([expect.stringContaining('would leave the skill directory')])
  })
})

describe('inputs', () => {
  it('finds the references of input_file, files and file-type resources once each', () => {
    expect(
      inputReferences({
        input_file: 'https://x/a.csv',
        files: ['https://x/a.csv', 'https://x/b.csv'],
        resources: [{ type: 'git', uri: 'https://x/repo.git' }, { path: '/srv/c.txt' }],
      }),
    ).toEqual(['https://x/a.csv', 'https://x/b.csv', '/srv/c.txt'])
  })

  it('downloads http(s) inputs into inputs/, and never copies a local path the server names', async () => {
    const log: string[] = []
    const fetcher = ((input: URL | RequestInfo) => {
      const url = input instanceof URL ? input.href : typeof input === 'string' ? input : input.url
      if (url.endsWith('/orders.csv')) return Promise.resolve(new Response('a,b\n'))
      if (url.endsWith('/huge.bin')) {
        return Promise.resolve(
          new Response('x', { headers: { 'Content-Length': String(MAX_INPUT_BYTES + 1) } }),
        )
      }
      return Promise.resolve(new Response('missing', { status: 404 }))
    }) as typeof fetch
    const staged = await stageInputs(
      workDir,
      {
        files: [
          'https://files.example/in/orders.csv',
          'https://files.example/in/huge.bin',
          'https://files.example/in/gone.csv',
          'file:///etc/passwd',
          '/etc/hostname',
        ],
      },
      (line) => log.push(line),
      fetcher,
    )
    expect(staged).toEqual(['orders.csv'])
    expect(await readdir(join(workDir, 'inputs'))).toEqual(['orders.csv'])
    expect(await readFile(join(workDir, 'inputs/orders.csv'), 'utf8')).toBe('a,b\n')
    expect(log).toEqual([
      expect.stringContaining('larger than 16 MiB'),
      expect.stringContaining('HTTP 404'),
      expect.stringContaining('local paths are never copied'),
      expect.stringContaining('local paths are never copied'),
    ])
  })
})

// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { workerRunGuide } from './worker-run-guide'

/**
 * The guide's process recipe, run as the guide renders it against `npm run mock:serve`: the
 * worker comes online, and the environment key appears neither in anything it prints (npm's
 * banner included) nor in the command line of any process it starts (`/proc/<pid>/cmdline`,
 * what `ps` shows every user on the machine).
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

type Child = { process: ChildProcess; output: () => string; exited: Promise<unknown> }

function start(command: string, args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(command, args, {
    cwd: process.cwd(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false', ...env },
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return { process: child, output: () => output, exited }
}

function stop(child: Child | undefined) {
  if (child?.process.pid === undefined || child.process.exitCode !== null) return
  try {
    process.kill(-child.process.pid, 'SIGTERM')
  } catch {
    // Already gone.
  }
}

/** Every live process below `root` (by parent pid), with its command line as `ps` would read it. */
async function descendants(root: number): Promise<Map<number, string>> {
  const parents = new Map<number, number>()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid …; comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(Number(entry), ppid)
    } catch {
      // The process ended while we looked.
    }
  }
  const found = new Map<number, string>()
  const queue = [root]
  while (queue.length > 0) {
    const pid = queue.shift() ?? root
    try {
      found.set(pid, (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' '))
    } catch {
      continue
    }
    for (const [child, parent] of parents) if (parent === pid) queue.push(child)
  }
  return found
}

let base = ''
let token = ''
let server: Child | undefined
let worker: Child | undefined
let home = ''

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return (await response.json()) as T
}

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  home = await mkdtemp(join(tmpdir(), 'worker-recipe-home-'))
  server = start('npx', [
    'tsx',
    'src/mocks/server.ts',
    '--port',
    String(port),
    '--large-session-events',
    '50',
  ])
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`${base}/api/auth/me`)).status === 401) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`mock server did not start:\n${server.output()}`)
    await sleep(100)
  }
  token = (
    await api<{ token: string }>('/api/auth/login', {
      method: 'POST',
      body: { username: 'alice', password: 'alice' },
    })
  ).token
}, 90_000)

afterAll(async () => {
  stop(worker)
  stop(server)
  await Promise.all([worker?.exited, server?.exited])
  await rm(home, { recursive: true, force: true })
})

describe('the worker guide’s process recipe', () => {
  it(
    'brings a worker online with the key in its environment only: not in its output, not in any process’s command line',
    { timeout: 90_000 },
    async () => {
      const env = await api<{ id: string; name: string; apiKey: string }>('/api/environments', {
        method: 'POST',
        body: { name: 'recipe-check', type: 'self_hosted' },
      })
      const guide = workerRunGuide({ baseUrl: base, environmentId: env.id, environmentName: env.name })
      const workerId = `${guide.workerIdPrefix}-1`
      expect(guide.npmProcess).not.toContain('--environment-key')

      // What the guide's setup leaves in the shell: BASE_URL, ENVIRONMENT_ID and the exported key.
      worker = start('bash', ['-c', guide.npmProcess], {
        BASE_URL: base,
        ENVIRONMENT_ID: env.id,
        ENVIRONMENT_KEY: env.apiKey,
        HOME: home,
      })
      const root = worker.process.pid ?? 0
      const seen = new Map<number, string>()
      const deadline = Date.now() + 60_000
      let online = false
      while (Date.now() < deadline) {
        for (const [pid, cmdline] of await descendants(root)) seen.set(pid, cmdline)
        const status = await api<{ workerHeartbeats: Record<string, number> }>('/api/hands/status')
        if (status.workerHeartbeats[workerId]) {
          online = true
          break
        }
        await sleep(100)
      }
      // Keep looking while it polls, so late-started processes are checked too.
      for (let round = 0; round < 10; round += 1) {
        for (const [pid, cmdline] of await descendants(root)) seen.set(pid, cmdline)
        await sleep(100)
      }
      expect(online, worker.output()).toBe(true)
      const commandLines = [...seen.values()]
      // bash, npm, the npm script's shell, tsx and the worker's node: the whole chain was inspected.
      expect(commandLines.length).toBeGreaterThanOrEqual(4)
      expect(commandLines.some((line) => line.includes('src/mocks/worker-cli/main.ts'))).toBe(true)
      for (const line of commandLines) expect(line).not.toContain(env.apiKey)

      const output = worker.output()
      expect(output).toContain('> tsx src/mocks/worker-cli/main.ts')
      expect(output).toContain(`polling ${base} for environment ${env.id} as ${workerId}`)
      expect(output).not.toContain(env.apiKey)
    },
  )
})

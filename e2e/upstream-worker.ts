import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, resolve } from 'node:path'

/**
 * The upstream self-hosted worker (`HandsWorkerMain` with its `LocalHandsToolExecutor` and
 * `SessionInputStager`) as a process the e2e journeys run against the mock HTTP server. Its three
 * source files are read at run time from `UPSTREAM_WORKER_DIR` (default: `worker/` in
 * `UPSTREAM_SPEC_DIR`, itself `../shared/reference/agentscope` by default), never copied into the
 * repository, and compiled by the test with the machine's JDK and Jackson jars into a cache under
 * `.tmp/` keyed by everything that goes into the build, so one run compiles once and later runs
 * reuse it until a source changes.
 *
 * Without the directory, a JDK or the jars the journeys are skipped with one line saying which is
 * missing (npm test's summary repeats it); with `UPSTREAM_SPEC_REQUIRED=1` (as CI sets) that is a
 * failure instead.
 */

const SOURCES = {
  'HandsWorkerMain.java': 'io/agentscope/builder/worker',
  'LocalHandsToolExecutor.java': 'io/agentscope/builder/web/managed/selfhosted',
  'SessionInputStager.java': 'io/agentscope/builder/web/managed/selfhosted',
} as const
/** Ours: the one upstream class the executor imports from another module, and the key launcher. */
const OWN_SOURCES = {
  'ShellExecuteTool.java': 'io/agentscope/harness/agent/tool',
  'EnvironmentKeyLauncher.java': 'console/e2e',
} as const
const OWN_DIR = resolve(import.meta.dirname, 'upstream-worker')
const LAUNCHER = 'console.e2e.EnvironmentKeyLauncher'
const JACKSON = ['jackson-databind.jar', 'jackson-core.jar', 'jackson-annotations.jar']
const CACHE = resolve('.tmp', 'upstream-worker')

/** The annotation npm test's summary reads (scripts/test-all.ts). */
export const UPSTREAM_WORKER_ANNOTATION = 'upstream-worker'

export type Toolchain = { dir: string; javac: string; java: string; classpath: string[] }
export type Availability = { toolchain: Toolchain; reason: null } | { toolchain: null; reason: string }

export function upstreamWorkerDir(): string {
  if (process.env.UPSTREAM_WORKER_DIR) return resolve(process.env.UPSTREAM_WORKER_DIR)
  return resolve(process.env.UPSTREAM_SPEC_DIR ?? '../shared/reference/agentscope', 'worker')
}

export function isUpstreamWorkerRequired(): boolean {
  return process.env.UPSTREAM_SPEC_REQUIRED === '1'
}

/** `javac` and `java` of JAVA_HOME, else the first on PATH; null when there is no JDK. */
function findJdk(): { javac: string; java: string } | null {
  const bins = [
    ...(process.env.JAVA_HOME ? [join(process.env.JAVA_HOME, 'bin')] : []),
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
  ]
  for (const bin of bins) {
    const javac = join(bin, 'javac')
    const java = join(bin, 'java')
    if (existsSync(javac) && existsSync(java)) return { javac, java }
  }
  return null
}

/** The Jackson jars: `UPSTREAM_WORKER_CLASSPATH` (colon-separated), else Debian's in /usr/share/java. */
function findJackson(): string[] | { missing: string } {
  const listed = process.env.UPSTREAM_WORKER_CLASSPATH
  const jars = listed
    ? listed.split(delimiter).filter(Boolean)
    : JACKSON.map((jar) => join('/usr/share/java', jar))
  const missing = jars.filter((jar) => !existsSync(jar))
  return missing.length > 0 ? { missing: missing.join(', ') } : jars
}

/** Whether the journeys can run here, and if not the one line that says why. */
export function upstreamWorkerAvailability(): Availability {
  const dir = upstreamWorkerDir()
  const absent = Object.keys(SOURCES).filter((file) => !existsSync(join(dir, file)))
  if (absent.length > 0) {
    return {
      toolchain: null,
      reason: `upstream worker e2e skipped: ${dir} has no ${absent.join(', ')} (set UPSTREAM_WORKER_DIR)`,
    }
  }
  const jdk = findJdk()
  if (!jdk) {
    return {
      toolchain: null,
      reason:
        'upstream worker e2e skipped: no JDK (javac) on PATH or in JAVA_HOME (Debian: apt-get install openjdk-17-jdk-headless)',
    }
  }
  const jackson = findJackson()
  if (!Array.isArray(jackson)) {
    return {
      toolchain: null,
      reason: `upstream worker e2e skipped: no ${jackson.missing} (Debian: apt-get install libjackson2-databind-java, or set UPSTREAM_WORKER_CLASSPATH)`,
    }
  }
  return { toolchain: { dir, ...jdk, classpath: jackson }, reason: null }
}

function sleep(ms: number) {
  return new Promise((done) => setTimeout(done, ms))
}

/**
 * Compiles the worker once into `.tmp/upstream-worker/<hash>/classes` and returns the class path
 * to run it with. Playwright's workers may ask at the same moment: the first takes a lock
 * directory and compiles, the others wait for its `done` mark.
 */
export async function compileUpstreamWorker(toolchain: Toolchain): Promise<string> {
  const hash = createHash('sha256')
  const version = spawnSync(toolchain.javac, ['-version'], { encoding: 'utf8' })
  hash.update(`${version.stdout}${version.stderr}\n${toolchain.classpath.join(delimiter)}\n`)
  for (const file of Object.keys(SOURCES)) hash.update(readFileSync(join(toolchain.dir, file)))
  for (const file of Object.keys(OWN_SOURCES)) hash.update(readFileSync(join(OWN_DIR, file)))
  const target = join(CACHE, hash.digest('hex').slice(0, 16))
  const classes = join(target, 'classes')
  const done = join(target, 'done')
  const lock = join(target, 'lock')
  const classpath = [classes, ...toolchain.classpath].join(delimiter)
  mkdirSync(target, { recursive: true })
  const deadline = Date.now() + 180_000
  while (!existsSync(done)) {
    try {
      mkdirSync(lock)
    } catch {
      // Another worker compiles; a lock older than three minutes was left by a killed run.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      if (Date.now() - since > 180_000) rmSync(lock, { force: true, recursive: true })
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock} (another run compiling?)`)
      await sleep(250)
      continue
    }
    try {
      if (!existsSync(done)) compile(toolchain, target, classes)
      writeFileSync(done, new Date().toISOString())
    } finally {
      rmSync(lock, { force: true, recursive: true })
    }
  }
  return classpath
}

/** Places each file under the directory of its `package` line (as javac expects) and compiles. */
function compile(toolchain: Toolchain, target: string, classes: string) {
  const sources = join(target, 'src')
  rmSync(sources, { force: true, recursive: true })
  rmSync(classes, { force: true, recursive: true })
  const files: string[] = []
  const place = (from: string, file: string, packageDir: string) => {
    const to = join(sources, packageDir, file)
    mkdirSync(dirname(to), { recursive: true })
    writeFileSync(to, readFileSync(join(from, file)))
    files.push(to)
  }
  for (const [file, packageDir] of Object.entries(SOURCES)) place(toolchain.dir, file, packageDir)
  for (const [file, packageDir] of Object.entries(OWN_SOURCES)) place(OWN_DIR, file, packageDir)
  const result = spawnSync(
    toolchain.javac,
    ['-nowarn', '-encoding', 'UTF-8', '-d', classes, '-cp', toolchain.classpath.join(delimiter), ...files],
    { encoding: 'utf8' },
  )
  if (result.status !== 0) {
    throw new Error(`javac failed (exit ${result.status}):\n${result.stdout}${result.stderr}`)
  }
}

function readCommandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
  } catch {
    return '' // exited meanwhile
  }
}

/** Every process below `pid`, from Linux's per-thread child lists (a JVM starts them from any thread). */
async function descendants(pid: number): Promise<number[]> {
  const found: number[] = []
  let tasks: string[] = []
  try {
    tasks = await readdir(`/proc/${pid}/task`)
  } catch {
    return found
  }
  for (const task of tasks) {
    let children = ''
    try {
      children = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8')
    } catch {
      continue
    }
    for (const id of children.split(/\s+/).filter(Boolean).map(Number))
      found.push(id, ...(await descendants(id)))
  }
  return found
}

export type UpstreamWorker = {
  workerId: string
  /** `<hands root>/<session id>`: the directory the worker runs a session's tools in. */
  workDir: (sessionId: string) => string
  /** Whether the JVM is still running. */
  isRunning: () => boolean
  /** Everything it printed so far (stdout and stderr, in arrival order). */
  output: () => string
  /** Waits until its output matches. */
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<void>
  /** The command line the system shows for the JVM (`/proc/<pid>/cmdline`), arguments joined by spaces. */
  commandLine: () => Promise<string>
  /** The command lines of the processes it started and that still run (a tool's shell). */
  childCommands: () => Promise<string[]>
  /** SIGKILL to the JVM and whatever it started (a tool's shell): no shutdown hook, no stop call. */
  kill: () => Promise<void>
  /** SIGTERM (the shutdown hook runs), then removes its hands root. */
  stop: () => Promise<void>
}

/**
 * Starts `HandsWorkerMain` as an operator would, except that the key reaches it through the
 * ENVIRONMENT_KEY variable (see EnvironmentKeyLauncher.java), never its arguments.
 */
export async function startUpstreamWorker(options: {
  classpath: string
  java: string
  baseUrl: string
  environmentId: string
  environmentKey: string
  workerId: string
}): Promise<UpstreamWorker> {
  const handsRoot = await mkdtemp(join(tmpdir(), 'e2e-upstream-hands-'))
  const child: ChildProcess = spawn(
    options.java,
    [
      // A small heap and no JIT tiers beyond C1: a short-lived worker on a shared 2-core machine.
      '-Xmx128m',
      '-XX:TieredStopAtLevel=1',
      '-cp',
      options.classpath,
      LAUNCHER,
      '--base-url',
      options.baseUrl,
      '--environment-id',
      options.environmentId,
      '--worker-id',
      options.workerId,
      '--hands-root',
      handsRoot,
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ENVIRONMENT_KEY: options.environmentKey },
    },
  )
  let output = ''
  const listeners = new Set<() => void>()
  const append = (chunk: Buffer) => {
    output += chunk.toString()
    for (const listener of listeners) listener()
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const signal = async (name: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
    try {
      process.kill(-child.pid, name)
    } catch {
      // Already gone.
    }
    await exited
  }
  const worker: UpstreamWorker = {
    workerId: options.workerId,
    workDir: (sessionId) => join(handsRoot, sessionId.replace(/[^a-zA-Z0-9._-]/g, '_')),
    isRunning: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
    waitForOutput: (pattern, timeoutMs = 30_000) =>
      new Promise((done, fail) => {
        const check = () => {
          if (!pattern.test(output)) return
          listeners.delete(check)
          clearTimeout(timer)
          done()
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          fail(
            new Error(
              `the upstream worker printed nothing matching ${pattern} in ${timeoutMs} ms:\n${output}`,
            ),
          )
        }, timeoutMs)
        listeners.add(check)
        check()
      }),
    commandLine: () => Promise.resolve(readCommandLine(child.pid ?? 0)),
    childCommands: async () => {
      if (child.pid === undefined) return []
      return (await descendants(child.pid)).map((pid) => readCommandLine(pid)).filter(Boolean)
    },
    kill: () => signal('SIGKILL'),
    stop: async () => {
      await signal('SIGTERM')
      await rm(handsRoot, { recursive: true, force: true })
    },
  }
  await worker.waitForOutput(/Hands worker starting/, 30_000)
  return worker
}

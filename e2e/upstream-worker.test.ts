import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { upstreamWorkerAvailability, upstreamWorkerDir } from './upstream-worker'

const FILES = ['HandsWorkerMain.java', 'LocalHandsToolExecutor.java', 'SessionInputStager.java']

let root = ''
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'upstream-worker-test-'))
})
afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(root, { recursive: true, force: true })
})

/** A directory with the three sources, a fake JDK bin directory and fake Jackson jars. */
function fixture() {
  const sources = join(root, 'worker')
  mkdirSync(sources)
  for (const file of FILES) writeFileSync(join(sources, file), '')
  const bin = join(root, 'jdk', 'bin')
  mkdirSync(bin, { recursive: true })
  for (const tool of ['java', 'javac']) writeFileSync(join(bin, tool), '')
  const jars = ['databind', 'core', 'annotations'].map((name) => join(root, `jackson-${name}.jar`))
  for (const jar of jars) writeFileSync(jar, '')
  vi.stubEnv('UPSTREAM_WORKER_DIR', sources)
  vi.stubEnv('JAVA_HOME', join(root, 'jdk'))
  vi.stubEnv('PATH', '')
  vi.stubEnv('UPSTREAM_WORKER_CLASSPATH', jars.join(':'))
  return { sources, bin, jars }
}

describe('whether the upstream-worker journeys can run', () => {
  it('reads the sources from UPSTREAM_WORKER_DIR, else worker/ in UPSTREAM_SPEC_DIR', () => {
    vi.stubEnv('UPSTREAM_WORKER_DIR', '')
    vi.stubEnv('UPSTREAM_SPEC_DIR', root)
    expect(upstreamWorkerDir()).toBe(join(root, 'worker'))
    vi.stubEnv('UPSTREAM_WORKER_DIR', join(root, 'elsewhere'))
    expect(upstreamWorkerDir()).toBe(join(root, 'elsewhere'))
  })

  it('runs with the sources, a JDK and the Jackson jars', () => {
    const { sources, bin, jars } = fixture()
    expect(upstreamWorkerAvailability()).toEqual({
      toolchain: { dir: sources, javac: join(bin, 'javac'), java: join(bin, 'java'), classpath: jars },
      reason: null,
    })
  })

  it('says in one line which source file is missing', () => {
    const { sources } = fixture()
    rmSync(join(sources, 'SessionInputStager.java'))
    expect(upstreamWorkerAvailability().reason).toBe(
      `upstream worker e2e skipped: ${sources} has no SessionInputStager.java (set UPSTREAM_WORKER_DIR)`,
    )
  })

  it('says so when there is no JDK, and which package provides one', () => {
    fixture()
    vi.stubEnv('JAVA_HOME', join(root, 'no-jdk'))
    expect(upstreamWorkerAvailability().reason).toMatch(
      /^upstream worker e2e skipped: no JDK \(javac\) .*openjdk-17-jdk-headless\)$/,
    )
  })

  it('names a missing Jackson jar', () => {
    const { jars } = fixture()
    rmSync(jars[1]!)
    expect(upstreamWorkerAvailability().reason).toBe(
      `upstream worker e2e skipped: no ${jars[1]} (Debian: apt-get install libjackson2-databind-java, or set UPSTREAM_WORKER_CLASSPATH)`,
    )
  })
})

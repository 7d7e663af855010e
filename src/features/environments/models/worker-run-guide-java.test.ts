// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DOCKER_ARGUMENT_FILE, KUBERNETES_ARGUMENT_FILE, workerRunGuide } from './worker-run-guide'

/**
 * The container recipes run with a real Java launcher and a stand-in for the worker's main class
 * (same name; it prints the arguments it got and its own command line, which is what `ps` shows):
 * the worker gets `--environment-key`, and no command line carries the key.
 */
const KEY = 'ek_argfile_check_0123456789'
const hasJdk = spawnSync('javac', ['-version']).status === 0
if (!hasJdk) console.info('worker recipes with a Java launcher: skipped, no JDK (javac) on PATH')

const work = mkdtempSync(join(tmpdir(), 'worker-recipe-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function compileStandIn(): string {
  const classes = join(work, 'classes')
  const source = join(work, 'src', 'io', 'agentscope', 'builder', 'worker')
  mkdirSync(source, { recursive: true })
  writeFileSync(
    join(source, 'HandsWorkerMain.java'),
    `package io.agentscope.builder.worker;
public class HandsWorkerMain {
  public static void main(String[] args) throws Exception {
    System.out.println("ARGS " + String.join(" ", args));
    byte[] cmdline = java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("/proc/self/cmdline"));
    System.out.println("CMDLINE " + new String(cmdline).replace('\\0', ' '));
  }
}
`,
  )
  execFileSync('javac', ['-d', classes, join(source, 'HandsWorkerMain.java')])
  return classes
}

const guide = workerRunGuide({
  baseUrl: 'https://gw.example.com',
  environmentId: 'env_abc',
  environmentName: 'Build',
})

function expectKeyOnlyInArguments(output: string) {
  const args = output.split('\n').find((line) => line.startsWith('ARGS ')) ?? ''
  const cmdline = output.split('\n').find((line) => line.startsWith('CMDLINE ')) ?? ''
  expect(args).toContain(`--environment-key ${KEY}`)
  expect(args).toContain('--worker-id')
  expect(cmdline).toMatch(/@\S*worker-args/)
  expect(cmdline).not.toContain(KEY)
}

describe.runIf(hasJdk)('worker recipes with a Java launcher', () => {
  const classes = hasJdk ? compileStandIn() : ''

  it('Docker: the key reaches the worker through an argument file, never a command line', () => {
    const script = /sh -c '([^']+)'/.exec(guide.docker)?.[1]
    if (!script) throw new Error('no sh -c script in the Docker recipe')
    const runDir = join(work, 'run')
    mkdirSync(runDir, { recursive: true })
    const output = execFileSync(
      'sh',
      ['-c', script.replaceAll(DOCKER_ARGUMENT_FILE, join(runDir, 'worker-args'))],
      {
        env: {
          PATH: process.env.PATH,
          CLASSPATH: classes,
          BASE_URL: 'https://gw.example.com',
          ENVIRONMENT_ID: 'env_abc',
          ENVIRONMENT_KEY: KEY,
          WORKER_ID: 'build-1',
        },
      },
    ).toString()
    expectKeyOnlyInArguments(output)
  })

  it('Kubernetes: the Secret is the argument file, and the container passes no key itself', () => {
    expect(guide.kubernetes).not.toContain('$(ENVIRONMENT_KEY)')
    const printf = /<\((printf [^)]+)\)/.exec(guide.kubernetes)?.[1]
    if (!printf) throw new Error('no printf in the Secret command')
    const secretFile = join(work, 'worker-args')
    execFileSync('bash', ['-c', `${printf} > "${secretFile}"`], {
      env: { PATH: process.env.PATH, ENVIRONMENT_KEY: KEY },
    })
    const command = /command: \["java", "@([^"]+)"\]/.exec(guide.kubernetes)?.[1]
    expect(command).toBe(KUBERNETES_ARGUMENT_FILE)
    const args = /args: \[([^\]]+)\]/.exec(guide.kubernetes)?.[1] ?? ''
    const values = [...args.matchAll(/"([^"]*)"/g)].map((match) => match[1] ?? '')
    // What the kubelet substitutes for $(NAME) from the container's env.
    const expanded = values.map((value) =>
      value
        .replace('$(BASE_URL)', 'https://gw.example.com')
        .replace('$(ENVIRONMENT_ID)', 'env_abc')
        .replace('$(WORKER_ID)', 'build-worker-x1'),
    )
    const output = execFileSync('java', ['-cp', classes, `@${secretFile}`, ...expanded]).toString()
    expectKeyOnlyInArguments(output)
  })
})

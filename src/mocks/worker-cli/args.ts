/**
 * Flags of `npm run worker`, named as upstream's HandsWorkerMain takes them, with the environment
 * variables of the docs' `docker run` example as fallbacks. The environment key is the exception:
 * it is read from `ENVIRONMENT_KEY` only, because anything on a command line shows in `ps`, in
 * npm's banner and in shell history. Timings are flags so tests can run a worker fast; the
 * defaults are upstream's.
 */
export type WorkerConfig = {
  baseUrl: string
  environmentId: string
  environmentKey: string
  workerId: string
  handsRoot: string
  /** Asked of the server per poll (long poll); the mock answers at once. */
  pollTimeoutMs: number
  /** Pause after an empty poll. */
  pollIntervalMs: number
  /** Between pending-tools fetches while holding work (upstream: 1 s). */
  toolPollMs: number
  heartbeatMs: number
  /** Empty pending-tools rounds before the worker stops its work item (upstream: about 120). */
  idleRounds: number
  /** For an `execute` call without `timeout` (upstream: 30 s). */
  executeTimeoutMs: number
  /** The shell's capture before "(output was truncated)" (upstream: 200 000 bytes). */
  maxOutputBytes: number
}

export const USAGE = `Usage: ENVIRONMENT_KEY=… npm run worker -- --base-url URL --environment-id ID --worker-id ID --hands-root DIR
  [--poll-interval-ms 1000] [--poll-timeout-ms 25000] [--tool-poll-ms 1000] [--heartbeat-ms 15000]
  [--idle-rounds 120] [--execute-timeout-ms 30000] [--max-output-bytes 200000]
The environment key comes from the ENVIRONMENT_KEY environment variable only.
Environment fallbacks for the flags: BASE_URL, ENVIRONMENT_ID, WORKER_ID, HANDS_ROOT.`

const required = [
  ['base-url', 'BASE_URL'],
  ['environment-id', 'ENVIRONMENT_ID'],
  ['worker-id', 'WORKER_ID'],
  ['hands-root', 'HANDS_ROOT'],
] as const

const numeric = {
  'poll-timeout-ms': 25_000,
  'poll-interval-ms': 1_000,
  'tool-poll-ms': 1_000,
  'heartbeat-ms': 15_000,
  'idle-rounds': 120,
  'execute-timeout-ms': 30_000,
  'max-output-bytes': 200_000,
} as const

export function parseWorkerArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): WorkerConfig | string {
  const flags = new Map<string, string>()
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? ''
    if (!arg.startsWith('--')) return `unexpected argument ${arg}`
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2)
    const value = inline ?? argv[i + 1]
    if (value === undefined) return `--${name} needs a value`
    if (inline === undefined) i += 1
    flags.set(name, value)
  }
  if (flags.has('environment-key')) {
    return '--environment-key is not accepted: the key would show in ps and in npm’s banner; export ENVIRONMENT_KEY instead'
  }
  const known = new Set<string>([...required.map(([flag]) => flag), ...Object.keys(numeric)])
  const unknown = [...flags.keys()].find((name) => !known.has(name))
  if (unknown) return `unknown flag --${unknown}`
  const values: Record<string, string> = {}
  for (const [flag, variable] of required) {
    const value = flags.get(flag) ?? env[variable]
    if (!value) return `--${flag} (or ${variable}) is required`
    values[flag] = value
  }
  const environmentKey = env.ENVIRONMENT_KEY?.trim()
  if (!environmentKey) return 'ENVIRONMENT_KEY is required (the environment key, from the environment only)'
  const numbers: Record<string, number> = {}
  for (const [flag, fallback] of Object.entries(numeric)) {
    const text = flags.get(flag)
    const value = text === undefined ? fallback : Number(text)
    if (!Number.isInteger(value) || value < 0) return `--${flag} must be a non-negative integer`
    numbers[flag] = value
  }
  return {
    baseUrl: (values['base-url'] ?? '').replace(/\/+$/, ''),
    environmentId: values['environment-id'] ?? '',
    environmentKey,
    workerId: values['worker-id'] ?? '',
    handsRoot: values['hands-root'] ?? '',
    pollTimeoutMs: numbers['poll-timeout-ms'] ?? numeric['poll-timeout-ms'],
    pollIntervalMs: numbers['poll-interval-ms'] ?? numeric['poll-interval-ms'],
    toolPollMs: numbers['tool-poll-ms'] ?? numeric['tool-poll-ms'],
    heartbeatMs: numbers['heartbeat-ms'] ?? numeric['heartbeat-ms'],
    idleRounds: numbers['idle-rounds'] ?? numeric['idle-rounds'],
    executeTimeoutMs: numbers['execute-timeout-ms'] ?? numeric['execute-timeout-ms'],
    maxOutputBytes: numbers['max-output-bytes'] ?? numeric['max-output-bytes'],
  }
}

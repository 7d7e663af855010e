/**
 * `npm run worker`: a self-hosted worker process that speaks the worker protocol over HTTP to
 * `npm run mock:serve` or a real Gateway, and runs the file and shell tools inside its hands root.
 * The key comes from the environment only, so it never shows in `ps` or npm's banner:
 *
 *   read -rs ENVIRONMENT_KEY && export ENVIRONMENT_KEY
 *   npm run worker -- --base-url http://127.0.0.1:8787 --environment-id env_… \
 *     --worker-id worker-1 --hands-root ./hands
 *
 * Exit codes: 0 stopped by a signal, 2 environment key rejected (wrong or rotated), 64 bad usage.
 * Nothing here ever prints the key.
 */
import { parseWorkerArgs, USAGE } from './args'
import { KeyRejectedError } from './protocol-client'
import { describe, WorkerLoop } from './worker-loop'

const config = parseWorkerArgs(process.argv.slice(2), process.env)
if (typeof config === 'string') {
  console.error(`worker: ${config}\n${USAGE}`)
  process.exit(64)
}

const log = (message: string) => console.log(`[${config.workerId}] ${message}`)
const shutdown = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: shutting down`)
    shutdown.abort()
  })
}

try {
  await new WorkerLoop(config, log).run(shutdown.signal)
  process.exit(0)
} catch (error) {
  if (error instanceof KeyRejectedError) {
    console.error(
      `[${config.workerId}] ${error.message}. Restart the worker with the current key in ENVIRONMENT_KEY.`,
    )
    process.exit(2)
  }
  console.error(`[${config.workerId}] fatal: ${describe(error)}`)
  process.exit(1)
}

import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createEventValidator, loadSibling, loadSpec, type SpecSource } from './contract-validator'

/**
 * The upstream specifications the contract checks cross-check against: `openapi-v1.json` (the
 * Agent Session API, served under /api/v1) and `public-event-v1.schema.json`. They are read at run
 * time from `UPSTREAM_SPEC_DIR` (default `../shared/reference/agentscope` from the repository
 * root), never bundled: a fresh clone has no such directory, and then only our own contract
 * (src/api/openapi.yaml) is checked. With `UPSTREAM_SPEC_REQUIRED=1` a missing directory is an
 * error instead (CI sets it).
 */
export type UpstreamSpecs = {
  dir: string
  /** The Agent Session API, with its sibling event schema (it `$ref`s it by relative path). */
  openapi: SpecSource
  eventSibling: ReturnType<typeof loadSibling>
  validateEvent: (event: unknown) => string | null
}

export function upstreamSpecDir(): string {
  return resolve(process.env.UPSTREAM_SPEC_DIR ?? '../shared/reference/agentscope')
}

export function isUpstreamRequired(): boolean {
  return process.env.UPSTREAM_SPEC_REQUIRED === '1'
}

/** The one line a run prints when the upstream files are not there. */
export function skippedMessage(dir: string): string {
  return `upstream cross-check skipped: ${dir} not found (set UPSTREAM_SPEC_DIR)`
}

const OPENAPI = 'openapi-v1.json'
const EVENT_SCHEMA = 'public-event-v1.schema.json'

let cached: { dir: string; specs: UpstreamSpecs | null } | null = null

/**
 * The upstream specs, or null when `UPSTREAM_SPEC_DIR` does not hold them. Throws when they are
 * missing and `UPSTREAM_SPEC_REQUIRED=1`.
 */
export function loadUpstreamSpecs(): UpstreamSpecs | null {
  const dir = upstreamSpecDir()
  if (cached?.dir === dir) return cached.specs
  const openapiPath = join(dir, OPENAPI)
  const eventPath = join(dir, EVENT_SCHEMA)
  let specs: UpstreamSpecs | null = null
  if (existsSync(openapiPath) && existsSync(eventPath)) {
    const openapi = loadSpec(openapiPath, 'upstream', '/api/v1')
    specs = {
      dir,
      openapi,
      eventSibling: loadSibling(openapi, eventPath),
      validateEvent: createEventValidator(eventPath),
    }
  } else if (isUpstreamRequired()) {
    throw new Error(`${skippedMessage(dir)}; UPSTREAM_SPEC_REQUIRED=1 makes that an error`)
  }
  cached = { dir, specs }
  return specs
}

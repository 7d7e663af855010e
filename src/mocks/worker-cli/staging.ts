import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { basename, dirname, join, normalize, relative, sep } from 'node:path'
import type { SkillsBundle } from './protocol-client'

/**
 * What the upstream worker puts into a work directory before it runs any tool: the session
 * agent's skills under `skills/<name>/` and the item's staged inputs under `inputs/`. Server data
 * names every path here, so each one is cut down to a plain name or checked to stay inside.
 */
export type StagingLog = (message: string) => void

/** Downloads larger than this are not staged (upstream's upload limit is 16 MiB). */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024

/** A single path segment from server data: no separators, no `..`, never empty. */
export function safeName(value: string, fallback: string): string {
  const name = value.replace(/[^A-Za-z0-9._-]/g, '_')
  return name && name !== '.' && name !== '..' ? name : fallback
}

/** `relativePath` under `root`, or null when it would leave it. */
function inside(root: string, relativePath: string): string | null {
  const target = normalize(join(root, relativePath))
  const rel = relative(root, target)
  return rel && !rel.startsWith('..') && !rel.startsWith(sep) ? target : null
}

function decode(file: SkillsBundle['skills'][number]['resources'][string]): Buffer {
  if (file.encoding === 'base64' && typeof file.content === 'string')
    return Buffer.from(file.content, 'base64')
  if (typeof file.contentBase64 === 'string') return Buffer.from(file.contentBase64, 'base64')
  return Buffer.from(typeof file.content === 'string' ? file.content : '', 'utf8')
}

/** Each skill's SKILL.md and resource files (scripts made executable), as HandsWorkerMain stages them. */
export async function stageSkills(workDir: string, bundle: SkillsBundle, log: StagingLog): Promise<number> {
  const skillsRoot = join(workDir, 'skills')
  let staged = 0
  for (const skill of bundle.skills) {
    if (!skill.name) continue
    const skillDir = join(skillsRoot, safeName(skill.name, 'skill'))
    await mkdir(skillDir, { recursive: true })
    if (typeof skill.skillContent === 'string')
      await writeFile(join(skillDir, 'SKILL.md'), skill.skillContent)
    for (const [path, file] of Object.entries(skill.resources)) {
      const target = inside(skillDir, path)
      if (!target) {
        log(`skipped skill file ${JSON.stringify(path)} of ${skill.name}: it would leave the skill directory`)
        continue
      }
      await mkdir(dirname(target), { recursive: true })
      await writeFile(target, decode(file))
      if (file.executable === true) await chmod(target, 0o755)
    }
    staged += 1
  }
  return staged
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null

/** The file references of a poll's metadata: `input_file`, `files`, and file-type `resources`. */
export function inputReferences(metadata: Record<string, unknown>): string[] {
  const refs: string[] = []
  const add = (value: unknown) => {
    const ref = text(value)
    if (ref && !refs.includes(ref)) refs.push(ref)
  }
  add(metadata.input_file)
  if (Array.isArray(metadata.files)) metadata.files.forEach(add)
  if (Array.isArray(metadata.resources)) {
    for (const resource of metadata.resources) {
      if (typeof resource !== 'object' || resource === null) continue
      const entry = resource as Record<string, unknown>
      if (entry.type !== undefined && entry.type !== null && entry.type !== 'file') continue
      add([entry.url, entry.path, entry.uri, entry.file, entry.input_file].map(text).find(Boolean))
    }
  }
  return refs
}

/**
 * Stages the item's inputs into `<workDir>/inputs/`. Upstream also copies `file://` URLs and host
 * paths; this worker does not: a path the server names could pull any file of the worker's host
 * into reach of the tools, so only http(s) downloads are staged and local references are logged.
 */
export async function stageInputs(
  workDir: string,
  metadata: Record<string, unknown>,
  log: StagingLog,
  fetcher: typeof fetch = fetch,
): Promise<string[]> {
  const staged: string[] = []
  for (const ref of inputReferences(metadata)) {
    let url: URL | null = null
    try {
      url = new URL(ref)
    } catch {
      url = null
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      log(
        `not staging ${JSON.stringify(ref)}: only http(s) inputs are downloaded, local paths are never copied`,
      )
      continue
    }
    try {
      const response = await fetcher(url)
      const declared = Number(response.headers.get('Content-Length') ?? 0)
      if (!response.ok || declared > MAX_INPUT_BYTES) {
        await response.body?.cancel()
        log(`not staging ${url.href}: ${response.ok ? 'larger than 16 MiB' : `HTTP ${response.status}`}`)
        continue
      }
      const bytes = Buffer.from(await response.arrayBuffer())
      if (bytes.length > MAX_INPUT_BYTES) {
        log(`not staging ${url.href}: larger than 16 MiB`)
        continue
      }
      const name = safeName(basename(decodeURIComponent(url.pathname)), 'download.bin')
      const inputs = join(workDir, 'inputs')
      await mkdir(inputs, { recursive: true })
      await writeFile(join(inputs, name), bytes)
      staged.push(name)
    } catch (error) {
      log(`not staging ${url.href}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return staged
}

import { lstat, mkdir, readdir, readFile, realpath, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import {
  failure,
  globToRegExp,
  grepLine,
  isToolName,
  MAX_GREP_MATCHES,
  messages,
  normalizeToolPath,
  success,
  textInput,
  type ToolInput,
  type ToolOutcome,
} from '../engine/tool-common'
import { runCommand } from './run-command'

/**
 * The self-hosted tools on real files, confined to the work directory: `..` cannot climb out, and
 * symlinks are resolved before any access, so one that points outside is refused too.
 */
export type HandsLimits = { executeTimeoutMs: number; maxOutputBytes: number }

/** Files larger than this are skipped by grep (binary blobs, logs). */
const GREP_MAX_FILE_BYTES = 1024 * 1024
const MAX_WALK_ENTRIES = 10_000

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)
}

/**
 * The absolute path for a tool path, or the tool's error when it would leave the work directory.
 * Every existing component is checked: a symlink must resolve, and resolve inside. Missing
 * components are fine; write_file creates them as plain directories.
 */
export async function resolveInside(workDir: string, raw: string): Promise<string | ToolOutcome> {
  const normal = normalizeToolPath(raw)
  if (normal === null) return failure(messages.escapes(raw))
  const root = await realpath(workDir)
  let current = root
  for (const segment of normal.split('/').filter(Boolean)) {
    current = join(current, segment)
    let isLink: boolean
    try {
      isLink = (await lstat(current)).isSymbolicLink()
    } catch {
      break
    }
    if (!isLink) continue
    try {
      if (!isInside(root, await realpath(current))) return failure(messages.escapes(raw))
    } catch {
      // A dangling link could be created through to wherever it points.
      return failure(messages.escapes(raw))
    }
  }
  return join(root, normal)
}

const isOutcome = (value: string | ToolOutcome): value is ToolOutcome => typeof value !== 'string'

async function exists(path: string): Promise<'file' | 'dir' | null> {
  try {
    const stat = await lstat(path)
    return stat.isDirectory() ? 'dir' : 'file'
  } catch {
    return null
  }
}

/** Files under `dir`, relative to it, without following symlinks (they could lead outside). */
async function walk(dir: string): Promise<string[]> {
  const found: string[] = []
  const visit = async (current: string) => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      if (found.length >= MAX_WALK_ENTRIES) return
      const path = join(current, entry.name)
      if (entry.isDirectory()) await visit(path)
      else if (entry.isFile()) found.push(relative(dir, path).split(sep).join('/'))
    }
  }
  await visit(dir)
  return found.sort()
}

/** Runs one tool; file system errors (permissions, a full disk) come back as the tool's error. */
export async function runHandsTool(
  workDir: string,
  name: string,
  input: ToolInput,
  limits: HandsLimits,
): Promise<ToolOutcome> {
  try {
    return await runTool(workDir, name, input, limits)
  } catch (error) {
    return failure(`Error: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function runTool(
  workDir: string,
  name: string,
  input: ToolInput,
  limits: HandsLimits,
): Promise<ToolOutcome> {
  if (!isToolName(name)) return failure(messages.unknownTool(name))
  if (name === 'execute') {
    const command = textInput(input, 'command')
    if (command.trim() === '') return failure(messages.missingInput(name, 'command'))
    return runCommand(command, { cwd: workDir, ...limits })
  }
  const isListing = name === 'list_files' || name === 'glob_files' || name === 'grep_files'
  const rawPath = textInput(input, 'path', isListing ? '.' : '')
  if (rawPath === '') return failure(messages.missingInput(name, 'path'))
  const path = await resolveInside(workDir, rawPath)
  if (isOutcome(path)) return path
  const kind = await exists(path)

  switch (name) {
    case 'read_file':
      if (kind !== 'file')
        return failure(kind === 'dir' ? messages.notAFile(rawPath) : messages.notFound(rawPath))
      return success(await readFile(path, 'utf8'))
    case 'write_file': {
      if (kind === 'dir') return failure(messages.notAFile(rawPath))
      const content = textInput(input, 'content')
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, content, 'utf8')
      return success(messages.wrote(Buffer.byteLength(content), rawPath))
    }
    case 'edit_file': {
      if (kind !== 'file') return failure(messages.notFound(rawPath))
      const oldString = textInput(input, 'old_string')
      if (oldString === '') return failure(messages.missingInput(name, 'old_string'))
      const current = await readFile(path, 'utf8')
      const count = current.split(oldString).length - 1
      if (count === 0) return failure(messages.editNoMatch(rawPath))
      const replaceAll = input.replace_all === true
      if (count > 1 && !replaceAll) return failure(messages.editAmbiguous(rawPath, count))
      const newString = textInput(input, 'new_string')
      await writeFile(
        path,
        replaceAll ? current.split(oldString).join(newString) : current.replace(oldString, () => newString),
      )
      return success(messages.edited(rawPath, replaceAll ? count : 1))
    }
    case 'list_files': {
      if (kind !== 'dir') return failure(messages.notFound(rawPath))
      const entries = await readdir(path, { withFileTypes: true })
      return success(
        entries
          .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
          .sort()
          .join('\n'),
      )
    }
    case 'glob_files': {
      const pattern = textInput(input, 'pattern')
      if (pattern === '') return failure(messages.missingInput(name, 'pattern'))
      if (kind !== 'dir') return failure(messages.notFound(rawPath))
      const regex = globToRegExp(pattern)
      return success((await walk(path)).filter((file) => regex.test(file)).join('\n'))
    }
    case 'grep_files': {
      const pattern = textInput(input, 'pattern')
      if (pattern === '') return failure(messages.missingInput(name, 'pattern'))
      let regex: RegExp
      try {
        regex = new RegExp(pattern)
      } catch {
        return failure(messages.badPattern(pattern))
      }
      if (kind !== 'dir') return failure(messages.notFound(rawPath))
      const include = textInput(input, 'glob')
      const filter = include ? globToRegExp(include) : null
      const hits: string[] = []
      for (const file of await walk(path)) {
        if (hits.length >= MAX_GREP_MATCHES) break
        if (filter && !filter.test(file)) continue
        const full = join(path, file)
        if ((await lstat(full)).size > GREP_MAX_FILE_BYTES) continue
        ;(await readFile(full, 'utf8')).split('\n').forEach((line, index) => {
          if (hits.length < MAX_GREP_MATCHES && regex.test(line)) hits.push(grepLine(file, index + 1, line))
        })
      }
      return success(hits.join('\n'))
    }
  }
}

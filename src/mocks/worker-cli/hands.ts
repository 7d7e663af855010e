import { lstat, mkdir, readdir, readFile, realpath, stat, writeFile } from 'node:fs/promises'
import { sep } from 'node:path'
import {
  applyEdit,
  comparePaths,
  countOccurrences,
  decodeUtf8,
  formatGlobEntry,
  formatListEntry,
  formatReadFile,
  grepHits,
  handsError,
  handsOk,
  handsText,
  isBlank,
  isHandsResult,
  matchesJavaGlob,
  normalizePath,
  readAllLines,
  relativize,
  resolveHandsPath,
  resolveOptionalHandsPath,
  shellCommandOf,
  shellTimeoutSeconds,
  stringOf,
  type HandsResult,
  type ResolvedPath,
} from '../engine/hands-format'
import { runCommand } from './run-command'

/**
 * The self-hosted tools on real files, answering as upstream's LocalHandsToolExecutor does
 * (hands-format.ts has its texts and rules). One thing is stricter than upstream: a symlink is
 * followed only when it resolves inside the work directory (upstream follows any), and walks do
 * not follow links at all. Walks list names in sorted order where Java takes the directory's.
 */
export type HandsLimits = {
  /** For an `execute` without `timeout` (upstream: 30 s). */
  executeTimeoutMs: number
  /** The shell's capture (upstream: 200 000 bytes). */
  maxOutputBytes: number
}

type Kind = 'file' | 'dir' | null

async function kindOf(path: string): Promise<Kind> {
  try {
    return (await stat(path)).isDirectory() ? 'dir' : 'file'
  } catch {
    return null
  }
}

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)
}

/**
 * `resolve`, and then every existing component checked: a symlink must resolve, and resolve
 * inside the work directory; otherwise the call gets upstream's "path escapes workspace".
 */
async function confine(workDir: string, resolved: ResolvedPath | HandsResult, raw: string | null) {
  if (isHandsResult(resolved)) return resolved
  const root = await realpath(workDir)
  let current = normalizePath(workDir)
  for (const name of resolved.relative.split('/').filter(Boolean)) {
    current = `${current}/${name}`
    let isLink: boolean
    try {
      isLink = (await lstat(current)).isSymbolicLink()
    } catch {
      break
    }
    if (!isLink) continue
    try {
      if (!isInside(root, await realpath(current))) return handsError(handsText.pathEscapes(raw ?? ''))
    } catch {
      // A dangling link could be written through to wherever it points.
      return handsError(handsText.pathEscapes(raw ?? ''))
    }
  }
  return resolved
}

const resolvePath = async (workDir: string, raw: string | null) =>
  confine(workDir, resolveHandsPath(workDir, raw), raw)
const resolveOptional = async (workDir: string, raw: string | null) =>
  confine(workDir, resolveOptionalHandsPath(workDir, raw), raw)

/** `Files.walk(root)` filtered to regular files, as work-directory-relative paths; symlinks are not followed. */
async function walkFiles(workDir: string, root: ResolvedPath): Promise<string[] | HandsResult> {
  const kind = await kindOf(root.path)
  if (kind === null) return handsError(root.path)
  if (kind === 'file') return [root.relative]
  const found: string[] = []
  const visit = async (dir: string) => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => comparePaths(a.name, b.name))
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) await visit(path)
      else if (entry.isFile()) found.push(relativize(workDir, path))
    }
  }
  await visit(root.path)
  return found
}

/** `Files.createDirectories(parent)` where a file stands in the way: the exception's message. */
async function blockedParent(workDir: string, relative: string): Promise<string | null> {
  const names = relative.split('/').slice(0, -1)
  for (let i = 1; i <= names.length; i += 1) {
    if ((await kindOf(`${workDir}/${names.slice(0, i).join('/')}`)) !== 'file') continue
    if (i === names.length) return `${workDir}/${names.slice(0, i).join('/')}`
    return `${workDir}/${names.slice(0, i + 1).join('/')}: Not a directory`
  }
  return null
}

/** `Files.readString`: strict UTF-8, a directory fails. */
async function readText(path: string): Promise<string | HandsResult> {
  if ((await kindOf(path)) === 'dir') return handsError(handsText.isDirectory)
  return decodeUtf8(await readFile(path)) ?? handsError(handsText.notUtf8)
}

type Tool = (workDir: string, input: Record<string, unknown>, limits: HandsLimits) => Promise<HandsResult>

const tools: Record<string, Tool> = {
  execute: async (workDir, input, limits) => {
    const checked = shellCommandOf(input)
    if (isHandsResult(checked)) return checked
    await mkdir(workDir, { recursive: true })
    return runCommand(checked.command, {
      cwd: workDir,
      timeoutSeconds: shellTimeoutSeconds(input, Math.round(limits.executeTimeoutMs / 1000)),
      maxOutputBytes: limits.maxOutputBytes,
    })
  },

  read_file: async (workDir, input) => {
    const target = await resolvePath(workDir, stringOf(input, 'path'))
    if (isHandsResult(target)) return target
    if ((await kindOf(target.path)) === null) return handsError(handsText.fileNotFound(target.path))
    const text = await readText(target.path)
    return isHandsResult(text) ? text : handsOk(formatReadFile(readAllLines(text), input))
  },

  write_file: async (workDir, input) => {
    const target = await resolvePath(workDir, stringOf(input, 'path'))
    if (isHandsResult(target)) return target
    const blocked = await blockedParent(normalizePath(workDir), target.relative)
    if (blocked) return handsError(blocked)
    if ((await kindOf(target.path)) === 'dir') return handsError(handsText.writeIsDirectory(target.path))
    await mkdir(target.path.slice(0, target.path.lastIndexOf('/')) || '/', { recursive: true })
    await writeFile(target.path, stringOf(input, 'content') ?? '', 'utf8')
    return handsOk(handsText.written(target.relative))
  },

  edit_file: async (workDir, input) => {
    const target = await resolvePath(workDir, stringOf(input, 'path'))
    if (isHandsResult(target)) return target
    const oldString = stringOf(input, 'old_string')
    const newString = stringOf(input, 'new_string')
    if (oldString === null || newString === null) return handsError(handsText.editNeedsStrings)
    if ((await kindOf(target.path)) === null) return handsError(handsText.fileNotFound(target.path))
    const original = await readText(target.path)
    if (isHandsResult(original)) return original
    const count = countOccurrences(original, oldString)
    const replaceAll = input.replace_all === true
    if (count === 0) return handsError(handsText.editNoMatch(target.relative))
    if (!replaceAll && count > 1) return handsError(handsText.editNotUnique(count))
    await writeFile(target.path, applyEdit(original, oldString, newString, replaceAll), 'utf8')
    return handsOk(handsText.edited(target.relative, replaceAll ? count : 1))
  },

  grep_files: async (workDir, input) => {
    const pattern = stringOf(input, 'pattern')
    if (pattern === null || isBlank(pattern)) return handsError(handsText.patternRequired)
    const root = await resolveOptional(workDir, stringOf(input, 'path'))
    if (isHandsResult(root)) return root
    const glob = stringOf(input, 'glob')
    const walked = await walkFiles(normalizePath(workDir), root)
    if (isHandsResult(walked)) return walked
    const hits: string[] = []
    for (const relative of walked) {
      const path = `${normalizePath(workDir)}/${relative}`
      if (glob !== null && !isBlank(glob) && !matchesJavaGlob(path, glob)) continue
      // Unreadable files (not UTF-8, no permission) are skipped, as upstream skips them.
      const text = await readText(path).catch(() => null)
      if (typeof text === 'string') hits.push(...grepHits(relative, text, pattern))
    }
    return handsOk(hits.length === 0 ? handsText.noMatches : hits.join('\n'))
  },

  glob_files: async (workDir, input) => {
    const pattern = stringOf(input, 'pattern')
    if (pattern === null || isBlank(pattern)) return handsError(handsText.patternRequired)
    const root = await resolveOptional(workDir, stringOf(input, 'path'))
    if (isHandsResult(root)) return root
    const normalized = pattern.replace(/\\/g, '/')
    const base = normalizePath(workDir)
    const walked = await walkFiles(base, root)
    if (isHandsResult(walked)) return walked
    const found: string[] = []
    for (const relative of walked) {
      if (!matchesJavaGlob(`${base}/${relative}`, normalized)) continue
      const size = await stat(`${base}/${relative}`).then(
        (stats) => stats.size,
        () => null,
      )
      found.push(formatGlobEntry(relative, size))
    }
    return handsOk(found.length === 0 ? handsText.noMatchingFiles : found.join('\n'))
  },

  list_files: async (workDir, input) => {
    const target = await resolvePath(workDir, stringOf(input, 'path'))
    if (isHandsResult(target)) return target
    if ((await kindOf(target.path)) !== 'dir')
      return handsError(handsText.emptyOrNotDirectory(target.relative))
    const base = normalizePath(workDir)
    const names = (await readdir(target.path)).sort(comparePaths)
    const entries: string[] = []
    for (const name of names) {
      const path = `${target.path}/${name}`
      const stats = await stat(path).catch(() => null)
      const isDirectory = stats?.isDirectory() ?? false
      entries.push(
        formatListEntry(relativize(base, path), isDirectory, isDirectory ? null : (stats?.size ?? null)),
      )
    }
    const listing = entries.join('\n')
    return handsOk(isBlank(listing) ? handsText.emptyOrNotDirectory(target.relative) : listing)
  },
}

/**
 * `LocalHandsToolExecutor.execute(name, input)`: `bash` is another name for `execute`, and any
 * file system error (permissions, a full disk) comes back as the tool's error, its message only.
 */
export async function runHandsTool(
  workDir: string,
  name: string | null,
  input: Record<string, unknown>,
  limits: HandsLimits,
): Promise<HandsResult> {
  const key = name === 'bash' ? 'execute' : (name ?? '')
  const tool = Object.hasOwn(tools, key) ? tools[key] : undefined
  if (!tool) return handsError(handsText.unknownTool(name))
  try {
    await mkdir(workDir, { recursive: true })
    return await tool(workDir, input, limits)
  } catch (error) {
    return handsError(error instanceof Error ? error.message : String(error))
  }
}

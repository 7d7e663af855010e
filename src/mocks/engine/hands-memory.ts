import {
  applyEdit,
  captureOutput,
  comparePaths,
  countOccurrences,
  formatGlobEntry,
  formatListEntry,
  formatReadFile,
  formatShellResult,
  grepHits,
  handsError,
  handsOk,
  handsText,
  isBlank,
  isHandsResult,
  matchesJavaGlob,
  normalizePath,
  readAllLines,
  resolveHandsPath,
  resolveOptionalHandsPath,
  shellCommandOf,
  shellTimeoutSeconds,
  stringOf,
  utf8Length,
  type HandsResult,
  type ResolvedPath,
} from './hands-format'
import { interpretShell, tokenize, type ShellContext } from './shell'
import type { FileMap } from './workspace-files'

/**
 * LocalHandsToolExecutor over a virtual worker's in-memory files: the same methods, checks and
 * texts (hands-format.ts), with the work directory `workDir` holding the map's relative paths.
 * Directories exist only through the files under them (and the work directory always does).
 * Where upstream walks the file system in directory order, this walks names in sorted order.
 */
export type MemoryShell = Omit<ShellContext, 'files' | 'cwd' | 'dialect'>

type Kind = 'file' | 'dir' | null

function kindOf(files: FileMap, relative: string): Kind {
  if (relative === '') return 'dir'
  if (files.has(relative)) return 'file'
  const prefix = `${relative}/`
  for (const path of files.keys()) if (path.startsWith(prefix)) return 'dir'
  return null
}

/** `Files.walk(root)` filtered to regular files: pre-order, siblings sorted by name. */
function walkFiles(files: FileMap, root: ResolvedPath): string[] | HandsResult {
  const kind = kindOf(files, root.relative)
  // NoSuchFileException: its message is the path.
  if (kind === null) return handsError(root.path)
  if (kind === 'file') return [root.relative]
  const prefix = root.relative === '' ? '' : `${root.relative}/`
  const byName = (a: string, b: string) => {
    const left = a.split('/')
    const right = b.split('/')
    for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
      const order = comparePaths(left[i] ?? '', right[i] ?? '')
      if (order !== 0) return order
    }
    return left.length - right.length
  }
  return [...files.keys()].filter((path) => path.startsWith(prefix)).sort(byName)
}

/** `Files.createDirectories(parent)` where a file stands in the way: the exception's message. */
function blockedParent(files: FileMap, workDir: string, relative: string): string | null {
  const names = relative.split('/').slice(0, -1)
  for (let i = 1; i <= names.length; i += 1) {
    const ancestor = names.slice(0, i).join('/')
    if (!files.has(ancestor)) continue
    // The direct parent: FileAlreadyExistsException(path); deeper: mkdir's "Not a directory".
    if (i === names.length) return `${workDir}/${ancestor}`
    return `${workDir}/${names.slice(0, i + 1).join('/')}: Not a directory`
  }
  return null
}

/** Files directly under `dir` as the work-directory-relative paths `list_files` prints. */
function children(files: FileMap, dir: string): { relative: string; isDirectory: boolean }[] {
  const prefix = dir === '' ? '' : `${dir}/`
  const found = new Map<string, boolean>()
  for (const path of files.keys()) {
    if (!path.startsWith(prefix)) continue
    const rest = path.slice(prefix.length)
    const slash = rest.indexOf('/')
    const name = slash < 0 ? rest : rest.slice(0, slash)
    found.set(`${prefix}${name}`, slash >= 0 || found.get(`${prefix}${name}`) === true)
  }
  return [...found.entries()]
    .sort(([a], [b]) => comparePaths(a, b))
    .map(([relative, isDirectory]) => ({ relative, isDirectory }))
}

/** The files under `dir`, re-rooted there, for a command run with `working_directory`. */
function subtree(files: FileMap, dir: string): FileMap {
  const prefix = `${dir}/`
  const view: FileMap = new Map()
  for (const [path, content] of files)
    if (path.startsWith(prefix)) view.set(path.slice(prefix.length), content)
  return view
}

function writeBack(files: FileMap, dir: string, view: FileMap): void {
  const prefix = `${dir}/`
  for (const path of [...files.keys()]) if (path.startsWith(prefix)) files.delete(path)
  for (const [path, content] of view) files.set(`${prefix}${path}`, content)
}

/** A pretend command cannot run long, except `sleep`: one at least as long as the timeout times out. */
function sleepsPast(command: string, seconds: number): boolean {
  const words = tokenize(command)
  return words.some((word, index) => word === 'sleep' && Number(words[index + 1]) >= Math.max(1, seconds))
}

function execShell(files: FileMap, workDir: string, input: Record<string, unknown>, shell: MemoryShell) {
  const checked = shellCommandOf(input)
  if (isHandsResult(checked)) return checked
  const command = stringOf(input, 'command') ?? ''
  const timeout = shellTimeoutSeconds(input)
  if (sleepsPast(command, timeout)) return handsError(handsText.timedOut(timeout))
  const rawDir = stringOf(input, 'working_directory')
  const dir = rawDir === null || isBlank(rawDir) ? '' : normalizePath(rawDir.trim())
  if (dir !== '' && kindOf(files, dir) !== 'dir') {
    const out = `/bin/bash: line 1: cd: ${rawDir?.trim() ?? dir}: No such file or directory\n`
    return formatShellResult(1, out, utf8Length(out))
  }
  const view = dir === '' ? files : subtree(files, dir)
  const run = interpretShell(
    { ...shell, files: view, cwd: dir === '' ? workDir : `${workDir}/${dir}`, dialect: 'bash' },
    command,
  )
  if (dir !== '') writeBack(files, dir, view)
  const captured = captureOutput(run.out)
  return formatShellResult(run.code, captured.text, captured.bytes)
}

function readFile(files: FileMap, workDir: string, input: Record<string, unknown>): HandsResult {
  const target = resolveHandsPath(workDir, stringOf(input, 'path'))
  if (isHandsResult(target)) return target
  const kind = kindOf(files, target.relative)
  if (kind === null) return handsError(handsText.fileNotFound(target.path))
  if (kind === 'dir') return handsError(handsText.isDirectory)
  return handsOk(formatReadFile(readAllLines(files.get(target.relative) ?? ''), input))
}

function writeFile(files: FileMap, workDir: string, input: Record<string, unknown>): HandsResult {
  const target = resolveHandsPath(workDir, stringOf(input, 'path'))
  if (isHandsResult(target)) return target
  const blocked = blockedParent(files, workDir, target.relative)
  if (blocked) return handsError(blocked)
  if (kindOf(files, target.relative) === 'dir') return handsError(handsText.writeIsDirectory(target.path))
  files.set(target.relative, stringOf(input, 'content') ?? '')
  return handsOk(handsText.written(target.relative))
}

function editFile(files: FileMap, workDir: string, input: Record<string, unknown>): HandsResult {
  const target = resolveHandsPath(workDir, stringOf(input, 'path'))
  if (isHandsResult(target)) return target
  const oldString = stringOf(input, 'old_string')
  const newString = stringOf(input, 'new_string')
  if (oldString === null || newString === null) return handsError(handsText.editNeedsStrings)
  const kind = kindOf(files, target.relative)
  if (kind === null) return handsError(handsText.fileNotFound(target.path))
  if (kind === 'dir') return handsError(handsText.isDirectory)
  const original = files.get(target.relative) ?? ''
  const count = countOccurrences(original, oldString)
  const replaceAll = input.replace_all === true
  if (count === 0) return handsError(handsText.editNoMatch(target.relative))
  if (!replaceAll && count > 1) return handsError(handsText.editNotUnique(count))
  files.set(target.relative, applyEdit(original, oldString, newString, replaceAll))
  return handsOk(handsText.edited(target.relative, replaceAll ? count : 1))
}

function grepFiles(files: FileMap, workDir: string, input: Record<string, unknown>): HandsResult {
  const pattern = stringOf(input, 'pattern')
  if (pattern === null || isBlank(pattern)) return handsError(handsText.patternRequired)
  const root = resolveOptionalHandsPath(workDir, stringOf(input, 'path'))
  if (isHandsResult(root)) return root
  const glob = stringOf(input, 'glob')
  const walked = walkFiles(files, root)
  if (isHandsResult(walked)) return walked
  const hits: string[] = []
  for (const relative of walked) {
    if (glob !== null && !isBlank(glob) && !matchesJavaGlob(`${workDir}/${relative}`, glob)) continue
    hits.push(...grepHits(relative, files.get(relative) ?? '', pattern))
  }
  return handsOk(hits.length === 0 ? handsText.noMatches : hits.join('\n'))
}

function globFiles(files: FileMap, workDir: string, input: Record<string, unknown>): HandsResult {
  const pattern = stringOf(input, 'pattern')
  if (pattern === null || isBlank(pattern)) return handsError(handsText.patternRequired)
  const root = resolveOptionalHandsPath(workDir, stringOf(input, 'path'))
  if (isHandsResult(root)) return root
  const normalized = pattern.replace(/\\/g, '/')
  const walked = walkFiles(files, root)
  if (isHandsResult(walked)) return walked
  const found = walked
    .filter((relative) => matchesJavaGlob(`${workDir}/${relative}`, normalized))
    .map((relative) => formatGlobEntry(relative, utf8Length(files.get(relative) ?? '')))
  return handsOk(found.length === 0 ? handsText.noMatchingFiles : found.join('\n'))
}

function listFiles(files: FileMap, workDir: string, input: Record<string, unknown>): HandsResult {
  const target = resolveHandsPath(workDir, stringOf(input, 'path'))
  if (isHandsResult(target)) return target
  if (kindOf(files, target.relative) !== 'dir')
    return handsError(handsText.emptyOrNotDirectory(target.relative))
  const listing = children(files, target.relative)
    .map(({ relative, isDirectory }) =>
      formatListEntry(relative, isDirectory, isDirectory ? null : utf8Length(files.get(relative) ?? '')),
    )
    .join('\n')
  return handsOk(isBlank(listing) ? handsText.emptyOrNotDirectory(target.relative) : listing)
}

type FileTool = (files: FileMap, workDir: string, input: Record<string, unknown>) => HandsResult

const FILE_TOOLS: Record<string, FileTool> = {
  read_file: readFile,
  write_file: writeFile,
  edit_file: editFile,
  grep_files: grepFiles,
  glob_files: globFiles,
  list_files: listFiles,
}

/** `LocalHandsToolExecutor.execute(name, input)` (`bash` is another name for `execute`): any exception's message becomes the error. */
export function runHandsToolInMemory(
  files: FileMap,
  workDir: string,
  name: string | null,
  input: Record<string, unknown>,
  shell: MemoryShell,
): HandsResult {
  const root = normalizePath(workDir)
  const key = name === 'bash' ? 'execute' : (name ?? '')
  try {
    if (key === 'execute') return execShell(files, root, input, shell)
    const tool = Object.hasOwn(FILE_TOOLS, key) ? FILE_TOOLS[key] : undefined
    return tool ? tool(files, root, input) : handsError(handsText.unknownTool(name))
  } catch (error) {
    return handsError(error instanceof Error ? error.message : String(error))
  }
}

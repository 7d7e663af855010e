/**
 * What a self-hosted worker's tools answer, as upstream's `LocalHandsToolExecutor`
 * (service-scheduler `…/managed/selfhosted/LocalHandsToolExecutor.java`, the executor
 * `HandsWorkerMain` runs) writes it: the texts, the line-numbered `read_file`, the `Exit code: N`
 * header of `execute`, the 200 000-byte capture, and the Java path, number and glob rules that
 * decide which of them a call gets. Both of the console's workers use this module: the worker
 * process (worker-cli/hands.ts, real files) and the demo's virtual workers (hands-memory.ts,
 * in-memory files), so what they post is what a real worker posts. The mock's agent reads results
 * back through the parsers at the end. Pure: no node or browser APIs.
 */

/** `LocalHandsToolExecutor.execute`'s result: `content` and `error` become `content` / `is_error`. */
export type HandsResult = { content: string; isError: boolean }

/** `DEFAULT_EXEC_TIMEOUT_SECONDS`: an `execute` without `timeout` gets this many seconds. */
export const HANDS_EXEC_TIMEOUT_SECONDS = 30
/** `MAX_CAPTURED_BYTES`: the shell's merged stdout/stderr is kept up to this many bytes. */
export const HANDS_MAX_CAPTURED_BYTES = 200_000

/** The texts, word for word. Paths are as each method prints them: some absolute, some relative. */
export const handsText = {
  unknownTool: (name: string | null) => `Unknown hands tool: ${name ?? 'null'}`,
  missingCommand: 'Missing required parameter: command',
  workingDirectoryNotRelative: 'working_directory must be a relative path within the workspace',
  timedOut: (seconds: number) => `Command timed out after ${seconds}s`,
  truncated: '(output was truncated)',
  /** readFile / editFile: the resolved (absolute) path. */
  fileNotFound: (path: string) => `File not found: ${path}`,
  /** writeFile: relative to the work directory. */
  written: (relative: string) => `Written to ${relative}`,
  editNeedsStrings: 'old_string and new_string are required',
  editNoMatch: (relative: string) => `old_string not found in ${relative}`,
  editNotUnique: (count: number) => `old_string is not unique (${count} occurrences); set replace_all=true`,
  edited: (relative: string, count: number) => `Edited ${relative} (${count} replacement(s))`,
  patternRequired: 'pattern is required',
  noMatches: 'No matches found',
  noMatchingFiles: 'No matching files found',
  /** listFiles: an error for a missing path or a file, a success for an empty directory. */
  emptyOrNotDirectory: (relative: string) => `Empty or not a directory: ${relative}`,
  pathRequired: 'path is required',
  pathEscapes: (raw: string) => `path escapes workspace: ${raw}`,
  /** The IOException a directory gives `Files.readAllLines` / `readString` on Linux. */
  isDirectory: 'Is a directory',
  /** The FileSystemException `Files.writeString` gives for a directory. */
  writeIsDirectory: (path: string) => `${path}: Is a directory`,
  /** MalformedInputException: the file is not UTF-8 (`readAllLines` / `readString` are strict). */
  notUtf8: 'Input length = 1',
} as const

export const handsError = (content: string): HandsResult => ({ content, isError: true })
export const handsOk = (content: string): HandsResult => ({ content, isError: false })

/* ---------------------------------------------------------------- inputs (stringOf / intOf) */

/** `String.valueOf` of a JSON value as Jackson maps it (null stays null: "missing"). */
export function javaString(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `[${value.map((item) => javaString(item) ?? 'null').join(', ')}]`
  if (typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${key}=${javaString(item) ?? 'null'}`)
      .join(', ')}}`
  // bigint and the like: not produced by JSON.
  return typeof value === 'bigint' ? value.toString() : null
}

/** `stringOf(input, key)`. */
export function stringOf(input: Record<string, unknown>, key: string): string | null {
  return javaString(input[key])
}

const INT_MIN = -(2 ** 31)
const INT_MAX = 2 ** 31 - 1

/** `intOf(input, key, default)`: a number is truncated (`intValue`), a string must be `Integer.parseInt`-able. */
export function intOf(input: Record<string, unknown>, key: string, fallback: number): number {
  const value = input[key]
  if (value === null || value === undefined) return fallback
  if (typeof value === 'number')
    return Number.isFinite(value) ? Math.min(INT_MAX, Math.max(INT_MIN, Math.trunc(value))) : fallback
  const text = javaString(value) ?? ''
  if (!/^[+-]?\d+$/.test(text)) return fallback
  const parsed = Number(text)
  return parsed < INT_MIN || parsed > INT_MAX ? fallback : parsed
}

/** Java's `String.isBlank`: empty or whitespace only. */
export function isBlank(text: string | null): boolean {
  return text === null || text.trim() === ''
}

/* ---------------------------------------------------------------- paths (java.nio UnixPath) */

/** `Path.normalize()` of a `/`-separated path: `.` dropped, `..` eats a name (or stays, leading a relative path). */
export function normalizePath(path: string): string {
  const isAbsolute = path.startsWith('/')
  const names: string[] = []
  for (const name of path.split('/')) {
    if (name === '' || name === '.') continue
    if (name === '..') {
      if (names.length > 0 && names.at(-1) !== '..') names.pop()
      else if (!isAbsolute) names.push('..')
    } else names.push(name)
  }
  return (isAbsolute ? '/' : '') + names.join('/')
}

function namesOf(path: string): string[] {
  return path.split('/').filter((name) => name !== '')
}

/** `Path.startsWith(other)`: by whole names, and only absolute with absolute. */
function startsWithPath(path: string, prefix: string): boolean {
  if (path.startsWith('/') !== prefix.startsWith('/')) return false
  const names = namesOf(path)
  const head = namesOf(prefix)
  return head.length <= names.length && head.every((name, index) => names[index] === name)
}

export type ResolvedPath = { path: string; relative: string }

/**
 * `resolve(raw)`: a relative path is taken from the work directory, an absolute one as it is, both
 * normalized, and either must stay inside the work directory. Absolute paths into the work
 * directory are fine; `/etc/hosts` and `../x` are refused with the raw text.
 */
export function resolveHandsPath(workDir: string, raw: string | null): ResolvedPath | HandsResult {
  if (raw === null || isBlank(raw)) return handsError(handsText.pathRequired)
  const root = normalizePath(workDir)
  const path = normalizePath(raw.startsWith('/') ? raw : `${workDir}/${raw}`)
  if (!startsWithPath(path, root)) return handsError(handsText.pathEscapes(raw))
  return { path, relative: relativize(root, path) }
}

/** `resolveOptional(raw)`: no path means the work directory itself. */
export function resolveOptionalHandsPath(workDir: string, raw: string | null): ResolvedPath | HandsResult {
  if (raw === null || isBlank(raw)) return { path: normalizePath(workDir), relative: '' }
  return resolveHandsPath(workDir, raw)
}

export function isHandsResult(value: unknown): value is HandsResult {
  return typeof value === 'object' && value !== null && 'isError' in value
}

/** `relativize(path)`: `/`-separated, empty for the work directory itself. */
export function relativize(workDir: string, path: string): string {
  return namesOf(path)
    .slice(namesOf(normalizePath(workDir)).length)
    .join('/')
}

/** `UnixPath.compareTo`: by the bytes of the path, which is how `list_files` sorts its entries. */
export function comparePaths(a: string, b: string): number {
  const left = new TextEncoder().encode(a)
  const right = new TextEncoder().encode(b)
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0)
    if (difference !== 0) return difference
  }
  return left.length - right.length
}

/** The session's directory under the hands root: `sanitize(sessionId)` keeps `[a-zA-Z0-9._-]`. */
export function sanitizeName(value: string | null): string {
  return value === null ? 'unknown' : value.replace(/[^a-zA-Z0-9._-]/g, '_')
}

/* ---------------------------------------------------------------- globs (PathMatcher "glob:") */

/** Thrown where Java's glob compiler throws PatternSyntaxException; its message is the tool's error. */
export class GlobSyntaxError extends Error {
  constructor(description: string, glob: string, index: number) {
    const caret = index >= 0 && index < glob.length ? `\n${' '.repeat(index)}^` : ''
    super(`${description}${index >= 0 ? ` near index ${index}` : ''}\n${glob}${caret}`)
  }
}

const escapeChar = (char: string) => (/[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char)
const escapeClassChar = (char: string) => (/[\\^[\]-]/.test(char) ? `\\${char}` : char)

/** `sun.nio.fs.Globs.toUnixRegexPattern`, written out as a JavaScript RegExp. */
export function javaGlobToRegExp(glob: string): RegExp {
  let out = '^'
  let inGroup = false
  let i = 0
  const next = () => glob.charAt(i)
  while (i < glob.length) {
    const char = glob.charAt(i++)
    switch (char) {
      case '\\': {
        if (i === glob.length) throw new GlobSyntaxError('No character to escape', glob, i - 1)
        const escaped = glob.charAt(i++)
        out += escapeChar(escaped)
        break
      }
      case '[': {
        // A class never matches the name separator.
        let cls = ''
        if (next() === '^') {
          cls += '\\^'
          i += 1
        } else {
          if (next() === '!') {
            cls += '^'
            i += 1
          }
          if (next() === '-') {
            cls += '\\-'
            i += 1
          }
        }
        let closed = false
        let hasRangeStart = false
        let last = ''
        while (i < glob.length) {
          let c = glob.charAt(i++)
          if (c === ']') {
            closed = true
            break
          }
          if (c === '/') throw new GlobSyntaxError("Explicit 'name separator' in class", glob, i - 1)
          if (c === '-') {
            if (!hasRangeStart) throw new GlobSyntaxError('Invalid range', glob, i - 1)
            c = glob.charAt(i++)
            if (c === '' || c === ']') {
              closed = c === ']'
              cls += '\\-'
              break
            }
            if (c < last) throw new GlobSyntaxError('Invalid range', glob, i - 3)
            cls += `-${escapeClassChar(c)}`
            hasRangeStart = false
          } else {
            cls += escapeClassChar(c)
            hasRangeStart = true
            last = c
          }
        }
        if (!closed) throw new GlobSyntaxError("Missing ']", glob, i - 1)
        out += `(?!/)[${cls}]`
        break
      }
      case '{':
        if (inGroup) throw new GlobSyntaxError('Cannot nest groups', glob, i - 1)
        out += '(?:(?:'
        inGroup = true
        break
      case '}':
        out += inGroup ? '))' : '\\}'
        inGroup = false
        break
      case ',':
        out += inGroup ? ')|(?:' : ','
        break
      case '*':
        if (next() === '*') {
          out += '.*'
          i += 1
        } else out += '[^/]*'
        break
      case '?':
        out += '[^/]'
        break
      default:
        out += escapeChar(char)
    }
  }
  if (inGroup) throw new GlobSyntaxError("Missing '}", glob, i - 1)
  return new RegExp(`${out}$`, 'u')
}

/**
 * `matchesGlob(path, glob)`: the file's name against the glob without a leading `**\/`, or its whole
 * path as the worker knows it (usually absolute) against the glob. So `*.py` finds Python files at
 * any depth, while `src/*.py` matches nothing (the full path starts with the work directory) unless
 * written `**\/src/*.py`. Backslashes count as `/`.
 */
export function matchesJavaGlob(fullPath: string, glob: string): boolean {
  const name = fullPath.slice(fullPath.lastIndexOf('/') + 1)
  const slashed = glob.replace(/\\/g, '/')
  const namePattern = slashed.startsWith('**/') ? slashed.slice(3) : slashed
  return javaGlobToRegExp(namePattern).test(name) || javaGlobToRegExp(slashed).test(fullPath)
}

/* ---------------------------------------------------------------- file content */

/** `Files.readAllLines`: `\n`, `\r\n` and `\r` end lines; a final terminator adds no empty line. */
export function readAllLines(content: string): string[] {
  if (content === '') return []
  const lines = content.split(/\r\n|\r|\n/)
  if (/[\r\n]$/.test(content)) lines.pop()
  return lines
}

/** `Files.readString` / `readAllLines` decode strictly: bytes that are not UTF-8 are an error. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return null
  }
}

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length
}

/** readFile's body: `String.format("%6d|%s%n", i + 1, line)` for the lines from `offset`, at most `limit` (0: all). */
export function formatReadFile(lines: readonly string[], input: Record<string, unknown>): string {
  const offset = Math.max(0, intOf(input, 'offset', 0))
  const limit = intOf(input, 'limit', 0)
  if (offset >= lines.length) return ''
  const end = limit > 0 ? Math.min(lines.length, offset + limit) : lines.length
  let out = ''
  for (let i = offset; i < end; i += 1) out += `${String(i + 1).padStart(6, ' ')}|${lines[i] ?? ''}\n`
  return out
}

/** editFile's `countOccurrences`: non-overlapping, and an empty needle occurs nowhere. */
export function countOccurrences(haystack: string, needle: string): number {
  return needle === '' ? 0 : haystack.split(needle).length - 1
}

/** editFile's new content: every occurrence with `replace_all: true` (the JSON boolean only), else the first. */
export function applyEdit(
  original: string,
  oldString: string,
  newString: string,
  replaceAll: boolean,
): string {
  return replaceAll ? original.split(oldString).join(newString) : original.replace(oldString, () => newString)
}

/** One `grep_files` hit: `relative:line:text`, the line number from 1, the match a plain substring. */
export function grepHits(relative: string, content: string, pattern: string): string[] {
  const hits: string[] = []
  readAllLines(content).forEach((line, index) => {
    if (line.includes(pattern)) hits.push(`${relative}:${index + 1}:${line}`)
  })
  return hits
}

export const formatGlobEntry = (relative: string, size: number | null) =>
  size === null ? relative : `${relative} (${size} bytes)`

/** A `list_files` entry: `[DIR]  a` (two spaces) or `[FILE] a (N bytes)`, relative to the work directory. */
export const formatListEntry = (relative: string, isDirectory: boolean, size: number | null) =>
  isDirectory ? `[DIR]  ${relative}` : `[FILE] ${relative}${size === null ? '' : ` (${size} bytes)`}`

/* ---------------------------------------------------------------- execute */

/**
 * The command execShell runs: `working_directory` must be relative (no leading `/` or `~`, no
 * `..`), and becomes `cd '<dir>' && <command>`; returns the error otherwise.
 */
export function shellCommandOf(input: Record<string, unknown>): { command: string } | HandsResult {
  const command = stringOf(input, 'command')
  if (command === null || isBlank(command)) return handsError(handsText.missingCommand)
  const workingDirectory = stringOf(input, 'working_directory')
  if (workingDirectory === null || isBlank(workingDirectory)) return { command }
  const dir = workingDirectory.trim()
  if (dir.startsWith('/') || dir.startsWith('~') || dir.includes('..'))
    return handsError(handsText.workingDirectoryNotRelative)
  return { command: `cd '${dir.replace(/'/g, "'\\''")}' && ${command}` }
}

/** `intOf(input, "timeout", 30)`: seconds; the process is given at least one. */
export function shellTimeoutSeconds(input: Record<string, unknown>, fallback = HANDS_EXEC_TIMEOUT_SECONDS) {
  return intOf(input, 'timeout', fallback)
}

/**
 * execShell's result: `Exit code: N`, then a blank line and the output unless it is blank, then
 * `(output was truncated)` once the capture reached the cap; an error when N is not 0.
 */
export function formatShellResult(
  exitCode: number,
  output: string,
  capturedBytes: number,
  maxCapturedBytes = HANDS_MAX_CAPTURED_BYTES,
): HandsResult {
  let content = `Exit code: ${exitCode}\n`
  if (!isBlank(output)) content += `\n${output}`
  if (capturedBytes >= maxCapturedBytes) content += `\n${handsText.truncated}`
  return { content, isError: exitCode !== 0 }
}

/** Cuts output at the cap, in bytes, as the drain thread does (a split character decodes as U+FFFD). */
export function captureOutput(output: string): { text: string; bytes: number } {
  const bytes = new TextEncoder().encode(output)
  const kept = bytes.subarray(0, HANDS_MAX_CAPTURED_BYTES)
  return { text: new TextDecoder('utf-8').decode(kept), bytes: kept.length }
}

/* ---------------------------------------------------------------- reading results back */

const NUMBERED_LINE = /^ *(\d+)\|(.*)$/s

/**
 * The file's lines from a line-numbered `read_file` result, or null when the text is not in that
 * format (another executor's plain content).
 */
export function numberedLines(text: string): string[] | null {
  if (text === '') return []
  if (!text.endsWith('\n')) return null
  const lines: string[] = []
  for (const row of text.slice(0, -1).split('\n')) {
    const match = NUMBERED_LINE.exec(row)
    if (!match) return null
    lines.push(match[2] ?? '')
  }
  return lines
}

/**
 * Whether a `read_file` result shows `content`: the plain text itself, or the same lines numbered
 * (a line-numbered read cannot tell whether the file ended with a newline).
 */
export function readShowsContent(result: string, content: string): boolean {
  if (result === content) return true
  const lines = numberedLines(result)
  const expected = readAllLines(content)
  return lines !== null && lines.length === expected.length && lines.every((line, i) => line === expected[i])
}

/** The command's own output from an `execute` result: without the `Exit code` header and the truncation note. */
export function shellOutput(result: string): string {
  const match = /^Exit code: -?\d+\n(?:\n)?/.exec(result)
  if (!match) return result
  const body = result.slice(match[0].length)
  return body.endsWith(`\n${handsText.truncated}`) ? body.slice(0, -handsText.truncated.length - 1) : body
}

/** The entries of a listing result; the "nothing found" sentences of list, glob and grep count as none. */
export function listingEntries(result: string): string[] {
  if (
    result === handsText.noMatches ||
    result === handsText.noMatchingFiles ||
    result.startsWith('Empty or not a directory: ')
  )
    return []
  return result.split('\n').filter(Boolean)
}

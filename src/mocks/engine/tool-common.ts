/**
 * What the self-hosted tool set (`SelfHostedToolSchemas`) has in common wherever it runs: the
 * names, the input fields, path rules and the wording of results. The backend's in-memory tools,
 * the virtual workers and the worker process (worker-cli, real files) all use it, so a tool's
 * answer reads the same whichever of them ran it. Pure: no node or browser APIs.
 */
import { TOOL_NAMES, type ToolInput, type ToolName } from '../db/run-state'

export { TOOL_NAMES, type ToolInput, type ToolName }

export function isToolName(value: string): value is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(value)
}

/** A tool's answer: output chunks (streamed as tool.delta where the backend runs it) and whether it failed. */
export type ToolOutcome = { chunks: string[]; isError: boolean }

export const MAX_GREP_MATCHES = 200

export function textInput(input: ToolInput, key: string, fallback = ''): string {
  const value = input[key]
  return typeof value === 'string' ? value : fallback
}

export function failure(message: string): ToolOutcome {
  return { chunks: [message], isError: true }
}

export function success(text: string): ToolOutcome {
  return { chunks: [text], isError: false }
}

export const messages = {
  wrote: (bytes: number, path: string) => `Wrote ${bytes} bytes to ${path}`,
  notFound: (path: string) => `Error: file not found: ${path}`,
  notAFile: (path: string) => `Error: not a file: ${path}`,
  escapes: (path: string) => `Error: path escapes the working directory: ${path}`,
  edited: (path: string, count: number) => `Edited ${path}: ${count} replacement${count === 1 ? '' : 's'}`,
  editNoMatch: (path: string) => `Error: old_string not found in ${path}`,
  editAmbiguous: (path: string, count: number) =>
    `Error: old_string occurs ${count} times in ${path}; pass replace_all or a longer old_string`,
  badPattern: (pattern: string) => `Error: invalid pattern: ${pattern}`,
  missingInput: (tool: string, key: string) => `Error: ${tool} needs "${key}"`,
  unknownTool: (tool: string) => `Error: unknown tool ${tool}`,
} as const

/**
 * A path inside the working directory as `a/b/c` (empty for the directory itself), or null when it
 * would leave it. Absolute paths count from the working directory, so `/etc/passwd` stays inside.
 */
export function normalizeToolPath(path: string): string | null {
  const parts: string[] = []
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      if (parts.length === 0) return null
      parts.pop()
    } else parts.push(segment)
  }
  return parts.join('/')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+^$()|[\]\\{}]/g, '\\$&')
}

/**
 * A glob over `/`-separated relative paths: `**` any directories (also none), `*` and `?` within
 * one segment, `{a,b}` alternatives, `[abc]` classes. A pattern without `/` matches at any depth,
 * as `grep --include` and most agents expect.
 */
export function globToRegExp(pattern: string): RegExp {
  const source = pattern.includes('/') ? pattern.replace(/^\.\//, '') : `**/${pattern}`
  let out = ''
  for (let i = 0; i < source.length; i += 1) {
    const char = source.charAt(i)
    if (char === '*' && source[i + 1] === '*') {
      const isSegment = source[i + 2] === '/'
      out += isSegment ? '(?:.*/)?' : '.*'
      i += isSegment ? 2 : 1
    } else if (char === '*') out += '[^/]*'
    else if (char === '?') out += '[^/]'
    else if (char === '{') {
      const end = source.indexOf('}', i)
      if (end < 0) out += '\\{'
      else {
        out += `(?:${source
          .slice(i + 1, end)
          .split(',')
          .map(escapeRegExp)
          .join('|')})`
        i = end
      }
    } else if (char === '[') {
      const end = source.indexOf(']', i)
      if (end < 0) out += '\\['
      else {
        out += `[${source.slice(i + 1, end).replace(/\\/g, '\\\\')}]`
        i = end
      }
    } else out += escapeRegExp(char)
  }
  return new RegExp(`^${out}$`)
}

/** `file:line:text`, as grep -n prints it. */
export function grepLine(file: string, line: number, text: string): string {
  return `${file}:${line}:${text}`
}

/** Splits long output into chunks of `linesPerChunk` lines, the way a terminal flushes it. */
export function chunkLines(text: string, linesPerChunk = 40): string[] {
  const lines = text.split(/(?<=\n)/)
  const chunks: string[] = []
  for (let i = 0; i < lines.length; i += linesPerChunk)
    chunks.push(lines.slice(i, i + linesPerChunk).join(''))
  return chunks.filter((chunk) => chunk !== '')
}

import {
  failure,
  globToRegExp,
  grepLine,
  MAX_GREP_MATCHES,
  messages,
  normalizeToolPath,
  success,
  textInput,
  type ToolInput,
  type ToolOutcome,
} from './tool-common'
import { listDirectory, type FileMap } from './workspace-files'

/**
 * The six file tools over an in-memory working directory: what `sandbox`, `local` and `remote`
 * environments run inside the backend, and what a virtual worker runs in its own directory.
 */
export type FileToolName =
  'read_file' | 'write_file' | 'edit_file' | 'list_files' | 'glob_files' | 'grep_files'

export function isFileTool(name: string): name is FileToolName {
  return ['read_file', 'write_file', 'edit_file', 'list_files', 'glob_files', 'grep_files'].includes(name)
}

function pathOf(input: ToolInput, tool: string, key = 'path', fallback?: string): string | ToolOutcome {
  const raw = textInput(input, key, fallback)
  if (raw === '' && fallback === undefined) return failure(messages.missingInput(tool, key))
  const path = normalizeToolPath(raw)
  return path === null ? failure(messages.escapes(raw)) : path
}

const isOutcome = (value: string | ToolOutcome): value is ToolOutcome => typeof value !== 'string'

/** Files under `dir` ('' = everywhere), as paths relative to the working directory. */
function filesUnder(files: FileMap, dir: string): string[] {
  const prefix = dir === '' ? '' : `${dir}/`
  return [...files.keys()].filter((path) => path === dir || path.startsWith(prefix)).sort()
}

function relativeTo(dir: string, path: string): string {
  return dir === '' ? path : path.slice(dir.length + 1)
}

export function runFileTool(files: FileMap, name: FileToolName, input: ToolInput): ToolOutcome {
  switch (name) {
    case 'read_file': {
      const path = pathOf(input, name)
      if (isOutcome(path)) return path
      const content = files.get(path)
      if (content === undefined) return failure(messages.notFound(textInput(input, 'path')))
      return success(content)
    }
    case 'write_file': {
      const path = pathOf(input, name)
      if (isOutcome(path)) return path
      if (path === '') return failure(messages.notAFile(textInput(input, 'path')))
      const content = textInput(input, 'content')
      files.set(path, content)
      return success(messages.wrote(new TextEncoder().encode(content).length, textInput(input, 'path')))
    }
    case 'edit_file': {
      const path = pathOf(input, name)
      if (isOutcome(path)) return path
      const current = files.get(path)
      if (current === undefined) return failure(messages.notFound(textInput(input, 'path')))
      const oldString = textInput(input, 'old_string')
      if (oldString === '') return failure(messages.missingInput(name, 'old_string'))
      const count = current.split(oldString).length - 1
      if (count === 0) return failure(messages.editNoMatch(textInput(input, 'path')))
      const replaceAll = input.replace_all === true
      if (count > 1 && !replaceAll) return failure(messages.editAmbiguous(textInput(input, 'path'), count))
      const newString = textInput(input, 'new_string')
      files.set(
        path,
        replaceAll ? current.split(oldString).join(newString) : current.replace(oldString, () => newString),
      )
      return success(messages.edited(textInput(input, 'path'), replaceAll ? count : 1))
    }
    case 'list_files': {
      const path = pathOf(input, name, 'path', '.')
      if (isOutcome(path)) return path
      const entries = listDirectory(files, path)
      if (entries === null) return failure(messages.notFound(textInput(input, 'path', '.')))
      return success(entries.join('\n'))
    }
    case 'glob_files': {
      const pattern = textInput(input, 'pattern')
      if (pattern === '') return failure(messages.missingInput(name, 'pattern'))
      const dir = pathOf(input, name, 'path', '.')
      if (isOutcome(dir)) return dir
      const regex = globToRegExp(pattern)
      const matches = filesUnder(files, dir).filter((path) => regex.test(relativeTo(dir, path)))
      return success(matches.join('\n'))
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
      const dir = pathOf(input, name, 'path', '.')
      if (isOutcome(dir)) return dir
      const include = textInput(input, 'glob')
      const filter = include ? globToRegExp(include) : null
      const hits: string[] = []
      for (const path of filesUnder(files, dir)) {
        if (filter && !filter.test(relativeTo(dir, path))) continue
        ;(files.get(path) ?? '').split('\n').forEach((line, index) => {
          if (hits.length < MAX_GREP_MATCHES && regex.test(line)) hits.push(grepLine(path, index + 1, line))
        })
      }
      return success(hits.join('\n'))
    }
  }
}

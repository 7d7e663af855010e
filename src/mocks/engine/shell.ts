import { pytestRun } from './turn-scripts'
import { chunkLines, messages, normalizeToolPath, type ToolOutcome } from './tool-common'
import { listDirectory, type FileMap } from './workspace-files'

/**
 * A small pretend shell for the `execute` tool where the backend (or a virtual worker) runs it:
 * enough commands for a convincing demo over the in-memory files, `&&` and `;` chaining, `>`/`>>`
 * redirection, and the exit codes and messages of a real `sh`.
 */
export type ShellContext = {
  files: FileMap
  /** Shown by `pwd`: the working directory as the environment names it. */
  cwd: string
  user: string
  hostname: string
  now: number
  /**
   * Whose error messages: `sh -c` where the backend runs a command, `bash` where a worker does
   * (upstream's LocalHandsToolExecutor runs `/bin/bash -lc`).
   */
  dialect?: 'sh' | 'bash'
}

export type ShellRun = { out: string; code: number }
type Result = ShellRun

/** Words with single/double quotes honoured; operators `&&`, `;`, `>`, `>>` as their own words. */
export function tokenize(command: string): string[] {
  const words: string[] = []
  let current = ''
  let quote: string | null = null
  let hasWord = false
  const flush = () => {
    if (hasWord) words.push(current)
    current = ''
    hasWord = false
  }
  for (let i = 0; i < command.length; i += 1) {
    const char = command.charAt(i)
    if (quote) {
      if (char === quote) quote = null
      else current += char
    } else if (char === '"' || char === "'") {
      quote = char
      hasWord = true
    } else if (/\s/.test(char)) flush()
    else if (char === ';' || (char === '&' && command[i + 1] === '&') || char === '>') {
      flush()
      const op = char === '&' ? '&&' : char === '>' && command[i + 1] === '>' ? '>>' : char
      i += op.length - 1
      words.push(op)
    } else {
      current += char
      hasWord = true
    }
  }
  flush()
  return words
}

function readFile(files: FileMap, path: string): string | null {
  const normal = normalizeToolPath(path)
  return normal === null ? null : (files.get(normal) ?? null)
}

function nLines(args: string[]): { n: number; rest: string[] } {
  const index = args.indexOf('-n')
  const n = index >= 0 ? Number(args[index + 1]) : 10
  return {
    n: Number.isFinite(n) ? n : 10,
    rest: index >= 0 ? args.filter((_, i) => i !== index && i !== index + 1) : args,
  }
}

function lines(text: string): string[] {
  return text.replace(/\n$/, '').split('\n')
}

function runOne(context: ShellContext, argv: string[]): Result {
  const [name = '', ...args] = argv
  const ok = (out: string): Result => ({ out, code: 0 })
  const fail = (out: string, code = 1): Result => ({ out, code })
  switch (name) {
    case 'echo':
      return ok(`${args.join(' ')}\n`)
    case 'true':
    case 'sleep':
      return ok('')
    case 'false':
      return fail('')
    case 'exit':
      return fail('', Number(args[0] ?? 0) || 0)
    case 'pwd':
      return ok(`${context.cwd}\n`)
    case 'whoami':
      return ok(`${context.user}\n`)
    case 'hostname':
      return ok(`${context.hostname}\n`)
    case 'date':
      return ok(`${new Date(context.now).toUTCString()}\n`)
    case 'uname':
      return ok(
        args.includes('-a')
          ? `Linux ${context.hostname} 6.8.0-45-generic x86_64 GNU/Linux\n`
          : args.some((a) => a.includes('r'))
            ? 'Linux 6.8.0-45-generic\n'
            : 'Linux\n',
      )
    case 'env':
    case 'printenv':
      return ok(
        `HOME=${context.cwd}\nUSER=${context.user}\nPATH=/usr/local/bin:/usr/bin:/bin\nSHELL=/bin/sh\n`,
      )
    case 'python':
    case 'python3':
      if (args[0] === '--version' || args[0] === '-V') return ok('Python 3.12.7\n')
      if (args[0] === '-m' && args[1] === 'pytest') return ok(pytestRun('backend', 18, 0).output.join(''))
      return fail(`${name}: can't open file '${args[0] ?? ''}': [Errno 2] No such file or directory\n`, 2)
    case 'pytest':
      return ok(pytestRun('backend', 18, 0).output.join(''))
    case 'seq': {
      const numbers = args.map(Number)
      const [first, last] = numbers.length >= 2 ? [numbers[0] ?? 1, numbers[1] ?? 1] : [1, numbers[0] ?? 1]
      if (!Number.isFinite(first) || !Number.isFinite(last)) return fail(`seq: invalid argument\n`)
      const out: string[] = []
      for (let value = first; value <= last && out.length < 100_000; value += 1) out.push(String(value))
      return ok(out.length > 0 ? `${out.join('\n')}\n` : '')
    }
    case 'cat': {
      let out = ''
      for (const path of args) {
        const content = readFile(context.files, path)
        if (content === null) return fail(`${out}cat: ${path}: No such file or directory\n`)
        out += content
      }
      return ok(out)
    }
    case 'ls': {
      const targets = args.filter((arg) => !arg.startsWith('-'))
      const dir = normalizeToolPath(targets[0] ?? '.')
      const entries = dir === null ? null : listDirectory(context.files, dir)
      if (entries === null)
        return fail(`ls: cannot access '${targets[0] ?? '.'}': No such file or directory\n`, 2)
      return ok(entries.length > 0 ? `${entries.join('\n')}\n` : '')
    }
    case 'head':
    case 'tail':
    case 'wc': {
      const { n, rest } = nLines(args)
      const path = rest.find((arg) => !arg.startsWith('-'))
      const content = path === undefined ? null : readFile(context.files, path)
      if (content === null)
        return fail(`${name}: cannot open '${path ?? ''}' for reading: No such file or directory\n`)
      if (name === 'wc') return ok(`${content.split('\n').length - 1} ${path ?? ''}\n`)
      const all = lines(content)
      const picked = name === 'head' ? all.slice(0, n) : all.slice(Math.max(0, all.length - n))
      return ok(`${picked.join('\n')}\n`)
    }
    default:
      return fail(
        context.dialect === 'bash'
          ? `/bin/bash: line 1: ${name}: command not found\n`
          : `sh: 1: ${name}: not found\n`,
        127,
      )
  }
}

/** Runs one `&&`/`;` chain; output of every command, stopping at the first failure of an `&&`. */
export function runShell(context: ShellContext, command: string): ToolOutcome {
  if (tokenize(command).length === 0)
    return { chunks: [messages.missingInput('execute', 'command')], isError: true }
  const { out: output, code } = interpretShell(context, command)
  if (code !== 0) return { chunks: chunkLines(`${output}exit code ${code}\n`, 40), isError: true }
  return { chunks: chunkLines(output, 40), isError: false }
}

/** The chain's merged output and exit code, as a shell process would leave them. */
export function interpretShell(context: ShellContext, command: string): Result {
  const words = tokenize(command)
  let output = ''
  let code = 0
  let argv: string[] = []
  const runPending = () => {
    if (argv.length === 0) return
    const redirect = argv.findIndex((word) => word === '>' || word === '>>')
    const target = redirect >= 0 ? argv[redirect + 1] : undefined
    const result = runOne(context, redirect >= 0 ? argv.slice(0, redirect) : argv)
    const path = target === undefined ? null : normalizeToolPath(target)
    if (redirect >= 0 && !path) {
      output +=
        context.dialect === 'bash'
          ? `/bin/bash: line 1: ${target ?? ''}: No such file or directory\n`
          : `sh: 1: cannot create ${target ?? ''}: Directory nonexistent\n`
      code = 2
    } else if (path) {
      const before = argv[redirect] === '>>' ? (context.files.get(path) ?? '') : ''
      context.files.set(path, before + result.out)
      code = result.code
    } else {
      output += result.out
      code = result.code
    }
    argv = []
  }
  for (const [index, word] of words.entries()) {
    if (word === '&&' || word === ';') {
      runPending()
      if (word === '&&' && code !== 0) break
    } else argv.push(word)
    if (index === words.length - 1 && argv.length > 0) runPending()
  }
  return { out: output, code }
}

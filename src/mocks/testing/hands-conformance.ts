/**
 * Calls and the answers upstream's `LocalHandsToolExecutor.execute` gives them, in order, on a work
 * directory that starts empty (`{work}` stands for its path). Each case names the Java method whose
 * text it quotes. The worker process (real files) and the virtual workers (in-memory files) both
 * run this table, so the two cannot drift from upstream or from each other.
 */
export type HandsCase = {
  /** `LocalHandsToolExecutor.<method>`: what the answer shows. */
  method: string
  tool: string | null
  input: Record<string, unknown>
  content: string
  isError: boolean
}

const CHECK = 'environment check: ok\nworker can write and read its working directory\n'

export const HANDS_FILE_CASES: HandsCase[] = [
  {
    method: 'writeFile: "Written to " + relative path',
    tool: 'write_file',
    input: { path: 'environment-check.txt', content: CHECK },
    content: 'Written to environment-check.txt',
    isError: false,
  },
  {
    method: 'readFile: String.format("%6d|%s%n") per line',
    tool: 'read_file',
    input: { path: 'environment-check.txt' },
    content: '     1|environment check: ok\n     2|worker can write and read its working directory\n',
    isError: false,
  },
  {
    method: 'readFile: offset and limit pick lines, numbered from the file start',
    tool: 'read_file',
    input: { path: 'environment-check.txt', offset: 1, limit: 5 },
    content: '     2|worker can write and read its working directory\n',
    isError: false,
  },
  {
    method: 'readFile: intOf ignores a non-number offset and parses a numeric string',
    tool: 'read_file',
    input: { path: 'environment-check.txt', offset: 'x', limit: '1' },
    content: '     1|environment check: ok\n',
    isError: false,
  },
  {
    method: 'readFile: an offset past the end answers empty text, not an error',
    tool: 'read_file',
    input: { path: 'environment-check.txt', offset: 9 },
    content: '',
    isError: false,
  },
  {
    method: 'readFile: "File not found: " + the resolved absolute path',
    tool: 'read_file',
    input: { path: 'missing.txt' },
    content: 'File not found: {work}/missing.txt',
    isError: true,
  },
  {
    method: 'resolve: "path escapes workspace: " + the raw path',
    tool: 'read_file',
    input: { path: '../x' },
    content: 'path escapes workspace: ../x',
    isError: true,
  },
  {
    method: 'resolve: an absolute path outside the work directory escapes',
    tool: 'read_file',
    input: { path: '/etc/hostname' },
    content: 'path escapes workspace: /etc/hostname',
    isError: true,
  },
  {
    method: 'resolve: "path is required"',
    tool: 'read_file',
    input: {},
    content: 'path is required',
    isError: true,
  },
  {
    method: 'readFile: a directory fails in Files.readAllLines ("Is a directory")',
    tool: 'read_file',
    input: { path: '.' },
    content: 'Is a directory',
    isError: true,
  },
  {
    method: 'writeFile: a directory fails in Files.writeString',
    tool: 'write_file',
    input: { path: '.' },
    content: '{work}: Is a directory',
    isError: true,
  },
  {
    method: 'writeFile: parent directories are created',
    tool: 'write_file',
    input: { path: 'src/a b/app.py', content: 'x = 1  # TODO\nTODO twice TODO\n' },
    content: 'Written to src/a b/app.py',
    isError: false,
  },
  {
    method: 'writeFile: no content writes an empty file',
    tool: 'write_file',
    input: { path: 'src/empty.py' },
    content: 'Written to src/empty.py',
    isError: false,
  },
  {
    method: 'writeFile: a file in the way of the parent directory (FileAlreadyExistsException)',
    tool: 'write_file',
    input: { path: 'environment-check.txt/x', content: 'z' },
    content: '{work}/environment-check.txt',
    isError: true,
  },
  {
    method: 'editFile: "old_string is not unique (N occurrences); set replace_all=true"',
    tool: 'edit_file',
    input: { path: 'src/a b/app.py', old_string: 'TODO', new_string: 'DONE' },
    content: 'old_string is not unique (3 occurrences); set replace_all=true',
    isError: true,
  },
  {
    method: 'editFile: "Edited <path> (N replacement(s))" with replace_all',
    tool: 'edit_file',
    input: { path: 'src/a b/app.py', old_string: 'TODO', new_string: 'DONE', replace_all: true },
    content: 'Edited src/a b/app.py (3 replacement(s))',
    isError: false,
  },
  {
    method: 'editFile: "old_string not found in " + relative path',
    tool: 'edit_file',
    input: { path: 'src/a b/app.py', old_string: 'nope', new_string: 'y' },
    content: 'old_string not found in src/a b/app.py',
    isError: true,
  },
  {
    method: 'editFile: an empty old_string occurs nowhere (countOccurrences)',
    tool: 'edit_file',
    input: { path: 'src/a b/app.py', old_string: '', new_string: 'y' },
    content: 'old_string not found in src/a b/app.py',
    isError: true,
  },
  {
    method: 'editFile: "old_string and new_string are required"',
    tool: 'edit_file',
    input: { path: 'src/a b/app.py' },
    content: 'old_string and new_string are required',
    isError: true,
  },
  {
    method: 'editFile: "File not found: " + absolute path',
    tool: 'edit_file',
    input: { path: 'nofile', old_string: 'a', new_string: 'b' },
    content: 'File not found: {work}/nofile',
    isError: true,
  },
  {
    method: 'editFile: replace_all counts only as the JSON boolean true; one replacement',
    tool: 'edit_file',
    input: { path: 'src/a b/app.py', old_string: 'x', new_string: 'y', replace_all: 'true' },
    content: 'Edited src/a b/app.py (1 replacement(s))',
    isError: false,
  },
  {
    method: 'listFiles: "[FILE] path (N bytes)" and "[DIR]  path", sorted, relative to the work directory',
    tool: 'list_files',
    input: { path: '.' },
    content: '[FILE] environment-check.txt (70 bytes)\n[DIR]  src',
    isError: false,
  },
  {
    method: 'listFiles: entries of a subdirectory keep the work-directory-relative path',
    tool: 'list_files',
    input: { path: 'src' },
    content: '[DIR]  src/a b\n[FILE] src/empty.py (0 bytes)',
    isError: false,
  },
  {
    method: 'listFiles: the path is required (resolve, not resolveOptional)',
    tool: 'list_files',
    input: {},
    content: 'path is required',
    isError: true,
  },
  {
    method: 'listFiles: "Empty or not a directory: " for a missing path',
    tool: 'list_files',
    input: { path: 'nodir' },
    content: 'Empty or not a directory: nodir',
    isError: true,
  },
  {
    method: 'listFiles: "Empty or not a directory: " for a file',
    tool: 'list_files',
    input: { path: 'environment-check.txt' },
    content: 'Empty or not a directory: environment-check.txt',
    isError: true,
  },
  {
    method: 'globFiles: "path (N bytes)"; a pattern without / matches file names at any depth',
    tool: 'glob_files',
    input: { pattern: '*.py' },
    content: 'src/a b/app.py (30 bytes)\nsrc/empty.py (0 bytes)',
    isError: false,
  },
  {
    method: 'globFiles: a leading **/ is dropped for the name match',
    tool: 'glob_files',
    input: { pattern: '**/*.py' },
    content: 'src/a b/app.py (30 bytes)\nsrc/empty.py (0 bytes)',
    isError: false,
  },
  {
    method: 'globFiles: a relative pattern with a directory is matched against the absolute path, so nothing',
    tool: 'glob_files',
    input: { pattern: 'src/**/*.py' },
    content: 'No matching files found',
    isError: false,
  },
  {
    method: 'globFiles: "No matching files found" is a success',
    tool: 'glob_files',
    input: { pattern: '*.none' },
    content: 'No matching files found',
    isError: false,
  },
  {
    method: 'globFiles: "pattern is required"',
    tool: 'glob_files',
    input: { pattern: '' },
    content: 'pattern is required',
    isError: true,
  },
  {
    method: 'globFiles: a bad glob fails with the PatternSyntaxException message',
    tool: 'glob_files',
    input: { pattern: '{a' },
    content: "Missing '} near index 1\n{a\n ^",
    isError: true,
  },
  {
    method: 'globFiles: a missing root fails with the NoSuchFileException message (the path)',
    tool: 'glob_files',
    input: { pattern: '*', path: 'nodir' },
    content: '{work}/nodir',
    isError: true,
  },
  {
    method: 'grepFiles: "path:line:text" joined by newlines; the pattern is a plain substring',
    tool: 'grep_files',
    input: { pattern: 'DONE' },
    content: 'src/a b/app.py:1:y = 1  # DONE\nsrc/a b/app.py:2:DONE twice DONE',
    isError: false,
  },
  {
    method: 'grepFiles: "No matches found" (the pattern is not a regular expression)',
    tool: 'grep_files',
    input: { pattern: 'D.NE' },
    content: 'No matches found',
    isError: false,
  },
  {
    method: 'grepFiles: glob filters the files by name',
    tool: 'grep_files',
    input: { pattern: 'ok', glob: '*.txt' },
    content: 'environment-check.txt:1:environment check: ok',
    isError: false,
  },
  {
    method: 'grepFiles: a file as the path searches that file',
    tool: 'grep_files',
    input: { pattern: 'ok', path: 'environment-check.txt' },
    content: 'environment-check.txt:1:environment check: ok',
    isError: false,
  },
  {
    method: 'grepFiles: a missing root fails with the path',
    tool: 'grep_files',
    input: { pattern: 'x', path: 'nodir' },
    content: '{work}/nodir',
    isError: true,
  },
  {
    method: 'grepFiles: a blank pattern is required',
    tool: 'grep_files',
    input: { pattern: ' ' },
    content: 'pattern is required',
    isError: true,
  },
  {
    method: 'execute: "Unknown hands tool: " + name',
    tool: 'nope',
    input: {},
    content: 'Unknown hands tool: nope',
    isError: true,
  },
  {
    method: 'execute: a call without a name is an unknown tool "null"',
    tool: null,
    input: {},
    content: 'Unknown hands tool: null',
    isError: true,
  },
]

/** execShell's texts: these hold for a real bash and for the virtual workers' pretend shell alike. */
export const HANDS_SHELL_CASES: HandsCase[] = [
  {
    method: 'execShell: "Exit code: N", a blank line, then the merged output',
    tool: 'execute',
    input: { command: 'echo hi' },
    content: 'Exit code: 0\n\nhi\n',
    isError: false,
  },
  {
    method: 'execShell: a non-zero exit is an error; blank output is left out',
    tool: 'execute',
    input: { command: 'exit 3' },
    content: 'Exit code: 3\n',
    isError: true,
  },
  {
    method: 'execShell: "Missing required parameter: command"',
    tool: 'execute',
    input: { command: '  ' },
    content: 'Missing required parameter: command',
    isError: true,
  },
  {
    method: 'execShell: working_directory runs the command there',
    tool: 'execute',
    input: { command: 'pwd', working_directory: 'src' },
    content: 'Exit code: 0\n\n{work}/src\n',
    isError: false,
  },
  {
    method: 'execShell: working_directory must be relative',
    tool: 'execute',
    input: { command: 'pwd', working_directory: '../x' },
    content: 'working_directory must be a relative path within the workspace',
    isError: true,
  },
  {
    method: 'execShell: a missing working_directory fails in cd',
    tool: 'execute',
    input: { command: 'pwd', working_directory: 'nodir' },
    content: 'Exit code: 1\n\n/bin/bash: line 1: cd: nodir: No such file or directory\n',
    isError: true,
  },
  {
    method: 'execShell: "Command timed out after Ns"',
    tool: 'execute',
    input: { command: 'sleep 3', timeout: 1 },
    content: 'Command timed out after 1s',
    isError: true,
  },
  {
    method: 'execute: "bash" is another name for the shell tool; bash -lc reports an unknown command',
    tool: 'bash',
    input: { command: 'nosuchcmd' },
    content: 'Exit code: 127\n\n/bin/bash: line 1: nosuchcmd: command not found\n',
    isError: true,
  },
]

/** `{work}` replaced by the work directory. */
export function expectedContent(testCase: HandsCase, workDir: string): string {
  return testCase.content.replaceAll('{work}', workDir)
}

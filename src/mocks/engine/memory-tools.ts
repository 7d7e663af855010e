import { isFileTool, runFileTool } from './file-tools'
import { runShell, type ShellContext } from './shell'
import { failure, messages, textInput, type ToolInput, type ToolOutcome } from './tool-common'
import type { FileMap } from './workspace-files'

/** Said when a `remote` environment is asked for a shell: it shares files, nothing runs there. */
export const REMOTE_NO_SHELL_MESSAGE =
  'Error: execute is not available in a remote environment: it provides shared files but no shell. Use the file tools, or run this on a sandbox, local or self-hosted environment.'

/**
 * Runs one tool over in-memory files. `shell` is where `execute` runs (its prompt details), or null
 * for an environment without a shell.
 */
export function runMemoryTool(
  files: FileMap,
  name: string,
  input: ToolInput,
  shell: Omit<ShellContext, 'files'> | null,
): ToolOutcome {
  if (isFileTool(name)) return runFileTool(files, name, input)
  if (name !== 'execute') return failure(messages.unknownTool(name))
  if (!shell) return failure(REMOTE_NO_SHELL_MESSAGE)
  const command = textInput(input, 'command')
  if (command.trim() === '') return failure(messages.missingInput('execute', 'command'))
  return runShell({ ...shell, files }, command)
}

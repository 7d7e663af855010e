export type ToolViewKind = 'terminal' | 'file-read' | 'file-write' | 'diff' | 'listing' | 'generic'

/** How to show a tool call's input and output, from the self-hosted tool names upstream ships. */
export function toolViewKind(name: string): ToolViewKind {
  switch (name) {
    case 'execute':
    case 'bash':
    case 'shell':
    case 'run_command':
      return 'terminal'
    case 'read_file':
      return 'file-read'
    case 'write_file':
      return 'file-write'
    case 'edit_file':
      return 'diff'
    case 'list_files':
    case 'glob_files':
    case 'grep_files':
      return 'listing'
    default:
      return 'generic'
  }
}

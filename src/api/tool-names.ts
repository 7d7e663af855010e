/*
 * Tool names are part of the contract the console and the mock both speak: the server offers a
 * session exactly these built-in tools, and an agent definition may name them by the product names
 * it maps onto them. Both sides read them from here so that they cannot drift apart.
 */

/** The built-in tools a session can call (upstream `SelfHostedToolSchemas`), in the order shown. */
export const BUILT_IN_TOOL_NAMES = [
  'read_file',
  'write_file',
  'edit_file',
  'list_files',
  'glob_files',
  'grep_files',
  'execute',
] as const

export type BuiltInToolName = (typeof BUILT_IN_TOOL_NAMES)[number]

/** Product names upstream maps to harness names (`AgentSpecCodec.toHarnessToolName`). */
const HARNESS_TOOL_ALIASES: Readonly<Record<string, BuiltInToolName>> = {
  bash: 'execute',
  shell: 'execute',
  read: 'read_file',
  write: 'write_file',
  edit: 'edit_file',
  glob: 'glob_files',
  grep: 'grep_files',
  list_dir: 'list_files',
}

/** The harness name a definition's tool name stands for; a name without an alias is its own. */
export function harnessToolName(name: string): string {
  return HARNESS_TOOL_ALIASES[name] ?? name
}

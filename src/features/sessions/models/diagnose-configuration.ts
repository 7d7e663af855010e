import type { AgentTools } from '@/data/agents/decode-tools'
import { builtInToolset, effectiveTools } from '@/data/agents/effective-tools'
import { harnessToolName } from '@/api/tool-names'
import type { OpenAction } from './pending-actions'
import type { ToolRecord } from './tool-records'

/**
 * The third failure class beside selection and execution: the agent's definition decided the tool
 * would not run. Said only with evidence in the turn (a call the prompt needed never happened, a
 * call refused by policy, a confirmation waiting), and only when the pinned definition explains it.
 */

/** Which setting of the pinned definition kept the tool from running. */
export type ConfigurationSetting = 'disabled' | 'not_listed' | 'deny' | 'always_ask'

/** What the turn shows: `not_called` the prompt needed it and no call happened. */
export type ConfigurationEvidence = 'not_called' | 'refused' | 'waiting'

export type ConfigurationCause = {
  tool: string
  setting: ConfigurationSetting
  evidence: ConfigurationEvidence
  /** The agent definition version the session runs. */
  agentVersion: number
  /** The agent's Runtime configuration → Tools section. */
  href: string
}

export type ConfigurationInput = {
  agentId: string
  agentVersion: number
  tools: AgentTools
  turnId: string
  turnStatus: string
  /** The user's message that started the turn. */
  prompt: string
  /** The turn's tool calls. */
  calls: readonly ToolRecord[]
  openActions: readonly OpenAction[]
}

/**
 * Tools a prompt plainly asks for. Deliberately narrow (a file written, a command run): a guess
 * the prompt does not support would blame the configuration for the model's choice.
 */
const ASKS_FOR: readonly { tool: string; pattern: RegExp }[] = [
  {
    tool: 'write_file',
    pattern: /\b(write|create|save)\b[^.?!]*?(\bfile\b|\b[\w-]+\.[a-z0-9]{1,5}\b)/i,
  },
  { tool: 'execute', pattern: /\b(run|execute)\b[^.?!]*?\b(command|script|shell|tests?)\b/i },
]

export function toolsAskedFor(prompt: string): string[] {
  return ASKS_FOR.filter(({ pattern }) => pattern.test(prompt)).map(({ tool }) => tool)
}

export const agentToolsHref = (agentId: string) =>
  `/agents/${encodeURIComponent(agentId)}?tab=runtime#agent-tools`

/** A refusal as the server writes it: `tool.completed` with status `denied`. */
const isRefused = (call: ToolRecord) => call.status === 'denied'

/** A finished turn: only then does "no call happened" mean the model answered without it. */
const FINISHED: ReadonlySet<string> = new Set(['completed', 'failed'])

export function diagnoseConfiguration(input: ConfigurationInput): ConfigurationCause[] {
  const tools = effectiveTools(builtInToolset(input.tools))
  const valueOf = (name: string) => tools.find((tool) => tool.name === harnessToolName(name))
  const causes: ConfigurationCause[] = []
  const add = (tool: string, setting: ConfigurationSetting, evidence: ConfigurationEvidence) => {
    if (causes.some((cause) => cause.tool === tool)) return
    causes.push({
      tool,
      setting,
      evidence,
      agentVersion: input.agentVersion,
      href: agentToolsHref(input.agentId),
    })
  }
  const calls = input.calls.filter((call) => call.turnId === input.turnId)
  for (const call of calls.filter(isRefused)) {
    if (valueOf(call.name)?.policy === 'deny') add(harnessToolName(call.name), 'deny', 'refused')
  }
  for (const action of input.openActions) {
    if (action.turnId !== input.turnId || action.kind !== 'confirmation' || !action.toolName) continue
    if (valueOf(action.toolName)?.policy === 'always_ask')
      add(harnessToolName(action.toolName), 'always_ask', 'waiting')
  }
  if (FINISHED.has(input.turnStatus)) {
    for (const name of toolsAskedFor(input.prompt)) {
      const value = valueOf(name)
      if (!value || value.enabled) continue
      if (calls.some((call) => harnessToolName(call.name) === name)) continue
      add(name, value.enabledFrom === 'not_listed' ? 'not_listed' : 'disabled', 'not_called')
    }
  }
  return causes
}

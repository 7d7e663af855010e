import { listingEntries, readShowsContent, shellOutput } from './hands-format'
import { ENVIRONMENT_CHECK_FILE, ENVIRONMENT_CHECK_TEXT, environmentCheckTurn } from './turn-scripts'
import type { Plan, PlanKind, PlanStep, ToolInput, ToolName, ToolRecord } from '../db/run-state'

export type { Plan, PlanKind, PlanStep, ToolRecord } from '../db/run-state'

/**
 * The scripted "model": it reads the user's prompt and picks a plan, a list of assistant messages
 * and tool calls that exercises one path of the execution flow. Deterministic, so tests and demos
 * can rely on a prompt always doing the same thing.
 */
const text = (value: string): PlanStep => ({ kind: 'text', text: value })
const tool = (name: ToolName, input: ToolInput, needsConfirmation = false): PlanStep =>
  needsConfirmation ? { kind: 'tool', name, input, needsConfirmation } : { kind: 'tool', name, input }

export const PUBLISH_PATH = 'public/announcement.md'
export const MISSING_LOG_PATH = 'logs/nightly-2026-11-28.log'
export const LONG_OUTPUT_COMMAND = 'seq 1 2000'
export const DEFAULT_COMMAND = 'uname -a && whoami && pwd'

/** The first `backticked` or "quoted" fragment of the prompt, if any. */
function quoted(prompt: string): string | undefined {
  return /`([^`]+)`/.exec(prompt)?.[1] ?? /"([^"]+)"/.exec(prompt)?.[1] ?? /'([^']+)'/.exec(prompt)?.[1]
}

function shellSteps(command: string): PlanStep[] {
  return [text(`I'll run \`${command}\`.`), tool('execute', { command }), { kind: 'summary' }]
}

function environmentCheckPlan(): Plan {
  // The same script the seed writes for past checks, with the closing line written from the results.
  const steps: PlanStep[] = environmentCheckTurn('backend').steps.map((step) =>
    step.kind === 'text' ? text(step.text) : tool(step.name as ToolName, step.input),
  )
  steps[steps.length - 1] = { kind: 'summary' }
  return { kind: 'environment_check', steps }
}

/** Steps of the long-running plan, and the pause between boundaries (where steering is applied). */
export const LONG_RUN_STEPS = 60
export const LONG_RUN_PAUSE_MS = 300

function longRunningSteps(): PlanStep[] {
  const steps: PlanStep[] = [text(`This is a long task: I will work through ${LONG_RUN_STEPS} small steps.`)]
  for (let index = 1; index <= LONG_RUN_STEPS; index += 1) {
    steps.push({ kind: 'pause', ms: LONG_RUN_PAUSE_MS })
    if (index % 15 === 0) steps.push(text(`Step ${index} of ${LONG_RUN_STEPS} done.`))
  }
  steps.push({ kind: 'summary' })
  return steps
}

const rules: { kind: PlanKind; test: RegExp; plan: (prompt: string) => PlanStep[] }[] = [
  {
    kind: 'long_running',
    test: /\b(long[- ]running|steer|step by step|slowly)\b/i,
    plan: () => longRunningSteps(),
  },
  {
    kind: 'delegate',
    test: /\b(delegate|sub-?agents?)\b/i,
    plan: () => [
      text('I will hand this to two sub-agents and wait for them.'),
      { kind: 'delegate', taskId: 'research', task: 'Collect the facts the answer needs.' },
      {
        kind: 'delegate',
        taskId: 'review',
        task: 'Review the draft and have its claims fact-checked.',
        nested: { taskId: 'fact-check', task: 'Check each claim of the draft against its source.' },
      },
      { kind: 'summary' },
    ],
  },
  {
    kind: 'model_error',
    test: /\bmodel (error|outage|failure)\b|\bprovider (error|outage)\b/i,
    plan: () => [
      text('Let me think about that.'),
      {
        kind: 'fail',
        errorCode: 'model_call_failed',
        reason: 'The model provider returned 503 three times in a row.',
      },
    ],
  },
  {
    // A `backticked` command is run as written, whatever else the prompt mentions.
    kind: 'shell',
    test: /`[^`]+`/,
    plan: (prompt) => shellSteps(quoted(prompt) ?? DEFAULT_COMMAND),
  },
  {
    kind: 'confirmation',
    test: /\b(confirm|confirmation|approve|approval|ask (me )?first|publish)\b/i,
    plan: () => [
      text('Publishing overwrites the public copy, so I will ask before writing it.'),
      tool('write_file', { path: PUBLISH_PATH, content: '# Announcement\n\nRelease v2.4.1 is out.\n' }, true),
      { kind: 'summary' },
    ],
  },
  {
    kind: 'environment_check',
    test: /environment[- ]check|write\b.*\bread\b.*\bback\b/i,
    plan: () => environmentCheckPlan().steps,
  },
  {
    kind: 'failing_tool',
    test: /\b(fail|failing|failed|broken|missing file|tool error)\b/i,
    plan: () => [
      text('Let me read the nightly job log first.'),
      tool('read_file', { path: MISSING_LOG_PATH }),
      { kind: 'summary' },
    ],
  },
  {
    kind: 'long_output',
    test: /\b(long|verbose|lots of output|big output|stress)\b/i,
    plan: () => [
      text('This prints a lot of output; I will stream it as it comes.'),
      tool('execute', { command: LONG_OUTPUT_COMMAND }),
      { kind: 'summary' },
    ],
  },
  {
    kind: 'files',
    test: /\b(list|glob|grep|search|find|files?|todos?)\b/i,
    plan: (prompt) => [
      text('Let me look at the working directory first.'),
      tool('list_files', { path: '.' }),
      tool('glob_files', { pattern: /\*\S*/.exec(prompt)?.[0] ?? '**/*.py' }),
      tool('grep_files', { pattern: quoted(prompt) ?? 'TODO', path: '.' }),
      { kind: 'summary' },
    ],
  },
  {
    kind: 'shell',
    test: /\b(run|execute|shell|command|terminal)\b|`[^`]+`/i,
    plan: (prompt) =>
      shellSteps(quoted(prompt) ?? (/\btests?\b/i.test(prompt) ? 'python -m pytest' : DEFAULT_COMMAND)),
  },
]

export function planTurn(prompt: string): Plan {
  for (const rule of rules) if (rule.test.test(prompt)) return { kind: rule.kind, steps: rule.plan(prompt) }
  return {
    kind: 'plain',
    steps: [
      text(
        `You asked: “${prompt.slice(0, 200)}”. This is the mock AgentScope agent, so my answers are scripted. ` +
          `Ask me to write ${ENVIRONMENT_CHECK_FILE} and read it back, to list, glob or grep files, to run a ` +
          'command, to produce long output, to read a missing file, to publish something (I will ask for ' +
          'confirmation first), to delegate to sub-agents, or to simulate a model error.',
      ),
    ],
  }
}

function lastLine(value: string): string {
  return (
    value
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .at(-1) ?? ''
  )
}

/** The closing assistant message, written from what the tools returned. */
export function summarize(kind: PlanKind, results: ToolRecord[]): string {
  const failed = results.find((result) => result.isError)
  switch (kind) {
    case 'delegate':
      return 'Both sub-agents finished: the facts are collected and the draft is reviewed and fact-checked.'
    case 'environment_check': {
      const read = results.find((result) => result.name === 'read_file')
      // A worker's read_file numbers its lines (LocalHandsToolExecutor.readFile); the backend's does not.
      if (!failed && read && readShowsContent(read.text, ENVIRONMENT_CHECK_TEXT)) {
        return `Done. ${ENVIRONMENT_CHECK_FILE} was written and reads back exactly as written, so the environment works.`
      }
      return `The environment check did not pass: ${failed ? lastLine(failed.text) : 'the file read back differently than written'}.`
    }
    case 'files': {
      const [list, glob, grep] = results
      // "No matches found" and the like are a worker's way of listing nothing.
      const count = (result: ToolRecord | undefined) =>
        result && !result.isError ? listingEntries(result.text).length : 0
      return (
        `The working directory has ${count(list)} entries at the top level; the glob matched ${count(glob)} ` +
        `files and the search found ${count(grep)} matching lines.` +
        (failed ? ` One call failed: ${lastLine(failed.text)}` : '')
      )
    }
    case 'shell':
      return failed
        ? `The command failed: ${lastLine(failed.text)}`
        : `The command finished successfully. Its last line of output was: ${lastLine(shellOutput(results[0]?.text ?? '')) || '(no output)'}`
    case 'long_output': {
      const lines = shellOutput(results[0]?.text ?? '')
        .split('\n')
        .filter(Boolean).length
      const paragraph =
        'The output streamed in chunks, each one a tool.delta event, and the tool record keeps the whole text. '
      return `${paragraph.repeat(3)}In total the command printed ${lines} lines.\n\n${Array.from(
        { length: 12 },
        (_, index) => `${index + 1}. Line block ${index * 160 + 1}–${(index + 1) * 160} looks as expected.`,
      ).join('\n')}`
    }
    case 'failing_tool':
      return failed
        ? `I could not read the log: ${lastLine(failed.text)}. Nothing to analyse; check where the nightly job writes its log.`
        : 'The log was there after all; nothing failed.'
    case 'confirmation': {
      const write = results[0]
      if (write?.isDenied) return `You declined, so I did not write ${PUBLISH_PATH}.`
      return write && !write.isError
        ? `Published: ${lastLine(write.text)}.`
        : `Publishing failed: ${lastLine(write?.text ?? '')}`
    }
    case 'continuation':
      return failed
        ? `The tool call failed: ${lastLine(failed.text)}`
        : 'The tool call finished; the task is done.'
    case 'long_running':
      return `All ${LONG_RUN_STEPS} steps are done.`
    case 'model_error':
    case 'plain':
      return 'Done.'
  }
}

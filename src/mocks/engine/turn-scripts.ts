import type { Random } from '../lib/clock'
import type { TurnEnding } from './turn-event-writer'
import { formatReadFile, formatShellResult, handsText, readAllLines } from './hands-format'

/**
 * Tool calls and turns as the managed agents really produce them: the self-hosted file and shell
 * tools (`SelfHostedToolSchemas`), with terminal output that keeps its ANSI colours so the
 * console's renderer is exercised. The seed writes past turns from these scripts; the planner
 * borrows the environment check so a live check reads like a seeded one.
 */
export type ToolStep = {
  kind: 'tool'
  name: string
  input: Record<string, unknown>
  /** Output chunks: streamed as tool.delta when the backend runs the tool, posted whole by a worker. */
  output: string[]
  isError?: boolean
  /** `worker`: a self-hosted worker runs it, so the turn suspends until the result is posted. */
  runsOn: 'backend' | 'worker'
  /** Ask the user first (required_action.created of kind confirmation). */
  needsConfirmation?: boolean
}
export type TextStep = { kind: 'text'; text: string }
export type Step = TextStep | ToolStep

export type TurnScript = {
  message: string
  steps: Step[]
  ending: TurnEnding
  /** The session tree's budget refused the next model call (budget.exceeded before the ending). */
  budgetExceeded?:
    'max_model_calls' | 'max_total_tokens' | 'max_cost' | 'usage_unavailable' | 'pricing_unavailable'
}

type RunsOn = ToolStep['runsOn']

const ESC = '\u001b['
const green = (text: string) => `${ESC}32m${text}${ESC}0m`
const red = (text: string) => `${ESC}31m${text}${ESC}0m`
const yellow = (text: string) => `${ESC}33m${text}${ESC}0m`
const bold = (text: string) => `${ESC}1m${text}${ESC}0m`
const cyan = (text: string) => `${ESC}36m${text}${ESC}0m`

export const ENVIRONMENT_CHECK_FILE = 'environment-check.txt'
export const ENVIRONMENT_CHECK_TEXT =
  'environment check: ok\nworker can write and read its working directory\n'

export function writeFile(runsOn: RunsOn, path: string, content: string): ToolStep {
  const bytes = new TextEncoder().encode(content).length
  return {
    kind: 'tool',
    name: 'write_file',
    runsOn,
    input: { path, content },
    // A worker answers as LocalHandsToolExecutor (hands-format.ts); the backend's tools as theirs.
    output: [runsOn === 'worker' ? handsText.written(path) : `Wrote ${bytes} bytes to ${path}`],
  }
}

export function readFile(runsOn: RunsOn, path: string, content: string): ToolStep {
  const output = runsOn === 'worker' ? formatReadFile(readAllLines(content), {}) : content
  return { kind: 'tool', name: 'read_file', runsOn, input: { path }, output: [output] }
}

export function readMissingFile(runsOn: RunsOn, path: string): ToolStep {
  return {
    kind: 'tool',
    name: 'read_file',
    runsOn,
    input: { path },
    output: [`Error: file not found: ${path}`],
    isError: true,
  }
}

export function listFiles(runsOn: RunsOn, path: string, entries: string[]): ToolStep {
  return { kind: 'tool', name: 'list_files', runsOn, input: { path }, output: [entries.join('\n')] }
}

export function globFiles(runsOn: RunsOn, pattern: string, matches: string[]): ToolStep {
  return { kind: 'tool', name: 'glob_files', runsOn, input: { pattern }, output: [matches.join('\n')] }
}

export function grepFiles(runsOn: RunsOn, pattern: string, path: string, hits: string[]): ToolStep {
  return { kind: 'tool', name: 'grep_files', runsOn, input: { pattern, path }, output: [hits.join('\n')] }
}

export function editFile(runsOn: RunsOn, path: string, oldString: string, newString: string): ToolStep {
  return {
    kind: 'tool',
    name: 'edit_file',
    runsOn,
    input: { path, old_string: oldString, new_string: newString },
    output: [runsOn === 'worker' ? handsText.edited(path, 1) : `Edited ${path}: 1 replacement`],
  }
}

/** A shell command; each output line is one streamed chunk, as a terminal produces them. */
export function execute(runsOn: RunsOn, command: string, lines: string[], exitCode = 0): ToolStep {
  const output = lines.map((line) => `${line}\n`)
  if (runsOn === 'worker') {
    // A worker posts the whole result at once, headed as LocalHandsToolExecutor.execShell heads it.
    const result = formatShellResult(exitCode, output.join(''), 0)
    return {
      kind: 'tool',
      name: 'execute',
      runsOn,
      input: { command },
      output: [result.content],
      isError: result.isError,
    }
  }
  output.push(exitCode === 0 ? '' : `${red(`exit code ${exitCode}`)}\n`)
  return {
    kind: 'tool',
    name: 'execute',
    runsOn,
    input: { command },
    output: output.filter((chunk) => chunk !== ''),
    isError: exitCode !== 0,
  }
}

export const text = (value: string): Step => ({ kind: 'text', text: value })

export function pytestRun(runsOn: RunsOn, passed: number, failed: number): ToolStep {
  const lines = [
    bold('============================= test session starts =============================='),
    'platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0',
    'rootdir: /workspace/release-tools',
    `collected ${passed + failed} items`,
    '',
    `tests/test_changelog.py ${green('.'.repeat(Math.min(passed, 12)))}${failed > 0 ? red('F') : ''}`,
    `tests/test_versioning.py ${green('.'.repeat(Math.max(0, passed - 12)))}`,
  ]
  if (failed > 0) {
    lines.push(
      red('FAILED tests/test_changelog.py::test_sections_sorted - AssertionError: assert [...] == [...]'),
      red(
        bold(
          `========================= ${failed} failed, ${passed} passed in 2.41s =========================`,
        ),
      ),
    )
  } else {
    lines.push(
      green(bold(`============================== ${passed} passed in 1.87s ===============================`)),
    )
  }
  return execute(runsOn, 'python -m pytest -q', lines, failed > 0 ? 1 : 0)
}

/** "Write environment-check.txt and read it back": the journey from DESIGN §4. */
export function environmentCheckTurn(runsOn: RunsOn): TurnScript {
  return {
    message: `Write ${ENVIRONMENT_CHECK_FILE} and read it back.`,
    steps: [
      text(`I'll write ${ENVIRONMENT_CHECK_FILE} in the working directory and then read it back to confirm.`),
      writeFile(runsOn, ENVIRONMENT_CHECK_FILE, ENVIRONMENT_CHECK_TEXT),
      readFile(runsOn, ENVIRONMENT_CHECK_FILE, ENVIRONMENT_CHECK_TEXT),
      text(
        `Done. ${ENVIRONMENT_CHECK_FILE} was written and reads back exactly as written, so the environment works.`,
      ),
    ],
    ending: { status: 'completed' },
  }
}

export function releaseNotesTurn(runsOn: RunsOn): TurnScript {
  return {
    message: 'Prepare the release notes for v2.4.0 and run the tests.',
    steps: [
      text('Let me look at the repository layout first.'),
      listFiles(runsOn, '.', ['CHANGELOG.md', 'pyproject.toml', 'README.md', 'release_tools/', 'tests/']),
      globFiles(runsOn, 'release_tools/**/*.py', [
        'release_tools/__init__.py',
        'release_tools/changelog.py',
        'release_tools/versioning.py',
      ]),
      grepFiles(runsOn, 'TODO', 'release_tools', [
        'release_tools/changelog.py:41:    # TODO: group entries by scope',
        'release_tools/versioning.py:88:    # TODO: support pre-release tags',
      ]),
      editFile(runsOn, 'pyproject.toml', 'version = "2.3.1"', 'version = "2.4.0"'),
      pytestRun(runsOn, 18, 0),
      text(
        'The version is bumped to 2.4.0 and all 18 tests pass. Two TODOs remain (scope grouping, pre-release tags); neither blocks the release.',
      ),
    ],
    ending: { status: 'completed' },
  }
}

const DATASETS = [
  'sales_2026q3.csv',
  'churn_cohorts.parquet',
  'web_sessions.csv',
  'inventory_daily.csv',
  'support_tickets.json',
]
const METRICS = [
  'revenue',
  'weekly retention',
  'median session length',
  'stock-outs',
  'time to first response',
]

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error('pick() needs a non-empty list')
  return item
}

function pythonOutput(random: Random, rows: number): string[] {
  const lines = [cyan('>>> df.describe()'), bold('              value        delta       share')]
  for (let i = 0; i < rows; i += 1) {
    const value = (random() * 10_000).toFixed(2).padStart(12)
    const delta = (random() * 20 - 10).toFixed(2)
    const coloured = delta.startsWith('-') ? red(delta.padStart(12)) : green(delta.padStart(12))
    lines.push(
      `row_${String(i).padStart(3, '0')} ${value} ${coloured} ${(random() * 100).toFixed(1).padStart(10)}%`,
    )
  }
  if (random() < 0.3) lines.push(yellow('FutureWarning: DataFrame.groupby with axis=1 is deprecated'))
  return lines
}

/** One varied data-analysis turn for the large session; `index` only varies the wording. */
export function analysisTurn(random: Random, index: number): TurnScript {
  const dataset = pick(random, DATASETS)
  const metric = pick(random, METRICS)
  const roll = random()
  const path = `data/${dataset}`
  const steps: Step[] = [text(`Turn ${index + 1}: I'll load ${dataset} and look at ${metric} first.`)]
  if (roll < 0.2) {
    steps.push(readMissingFile('backend', `data/archive/${dataset}`))
    steps.push(text(`That archive copy does not exist; I'll use ${path} instead.`))
  }
  steps.push(
    globFiles(
      'backend',
      'data/*',
      DATASETS.map((name) => `data/${name}`),
    ),
  )
  steps.push(
    execute(
      'backend',
      `python analyse.py --input ${path} --metric "${metric}"`,
      pythonOutput(random, 8 + Math.floor(random() * 30)),
    ),
  )
  if (roll > 0.6) {
    steps.push(
      writeFile('backend', `reports/${metric.replace(/\s+/g, '_')}.md`, `# ${metric}\n\nSource: ${path}\n`),
    )
  }
  if (roll > 0.85) {
    steps.push(execute('backend', 'python plot.py --missing-column region', [red('KeyError: "region"')], 1))
  }
  steps.push(
    text(
      `Summary for ${metric}: the trend is stable week over week, with the largest movement in the last ` +
        `two weeks. I saved the intermediate tables so the next question can reuse them.`,
    ),
  )
  return { message: `Analyse ${metric} in ${dataset}.`, steps, ending: { status: 'completed' } }
}

/** The suspended turn of buildActive: its write_file waits for worker-b. */
export function changelogUpdateTurn(runsOn: RunsOn): TurnScript {
  const notes = '## v2.4.1\n\n- Fix changelog section order\n- Support pre-release tags\n'
  return {
    message: 'Add the v2.4.1 entry to the release notes.',
    steps: [
      text('I will read the current changelog, then write the new release notes file.'),
      readFile(runsOn, 'CHANGELOG.md', '# Changelog\n\n## v2.4.0\n\n- Group entries by scope\n'),
      writeFile(runsOn, 'release-notes/v2.4.1.md', notes),
    ],
    ending: { status: 'requires_action' },
  }
}

/** docs-writer's routine edit on shared-docs (remote: files, no shell). */
export function docsTurns(runsOn: RunsOn): TurnScript[] {
  return [
    {
      message: 'Tidy the getting-started guide: the install command is outdated.',
      steps: [
        listFiles(runsOn, 'docs', ['getting-started.md', 'environments.md', 'sessions.md', 'faq.md']),
        grepFiles(runsOn, 'pip install', 'docs', [
          'docs/getting-started.md:14:pip install agentscope==1.0.4',
        ]),
        editFile(
          runsOn,
          'docs/getting-started.md',
          'pip install agentscope==1.0.4',
          'pip install agentscope==2.1.0',
        ),
        text('Updated the install command in docs/getting-started.md to agentscope 2.1.0.'),
      ],
      ending: { status: 'completed' },
    },
  ]
}

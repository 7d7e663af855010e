import type { components } from '@/api/schema.gen'
import type { MockBackend } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { AGENT, ENV, NS, SESSION, USERS } from './fixture-ids'
import { HistoryWriter, type ToolStep, type TurnScript } from './history-writer'
import { seedSubagentTree } from './seed-subagents'
import { createSessionRecord, firstSeq, sessionStatus } from '../lib/event-log'
import { commitRunCheckpoint } from '../lib/checkpoints'
import { budgetExceededMessage, seedLedger } from '../lib/session-budget'
import {
  analysisTurn,
  changelogUpdateTurn,
  docsTurns,
  environmentCheckTurn,
  execute,
  readMissingFile,
  releaseNotesTurn,
  text,
  writeFile,
} from '../engine/turn-scripts'

type RunsOn = ToolStep['runsOn']

/** Seeded sessions beyond the named fixtures in fixture-ids.ts; stable so tests and e2e can open them. */
export const MORE_SESSIONS = {
  failedTurn: 'sess_failedturn0001',
  archivedDocs: 'sess_archiveddocs01',
  archivedRelease: 'sess_archivedrel001',
  environmentChanged: 'sess_envchanged0001',
  localExplicit: 'sess_localexplicit1',
  compacted: 'sess_compacted00001',
  cancelled: 'sess_cancelled00001',
  interrupted: 'sess_interrupted001',
  fresh: 'sess_freshsession01',
  edgeRunner: 'sess_edgerunner0001',
  research: 'sess_researchscout1',
  /** Idle, with a hint: a "step by step" prompt starts a long-running turn to steer. */
  steering: 'sess_steeringdemo01',
  /** Its second turn failed on the session tree's budget (two model calls); raise it and resume. */
  overBudget: 'sess_overbudget0001',
} as const

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

type SessionSpec = {
  id: string
  agentId: string
  /** The environment the session runs on (after any change). */
  environmentId: string
  /** `explicit` forces an explicit choice even when it equals the agent default. */
  source?: 'explicit'
  /** Created on the agent default, then PATCHed to `environmentId` after this many turns. */
  changedAfterTurns?: number
  ownerId: string
  namespace?: string
  startAt: number
  /** Builds the turns once it knows where tools run (a worker, or the backend). */
  turns: (runsOn: RunsOn) => TurnScript[]
  archived?: boolean
  /** Fixed start times for the first turns, where seeded work items say when they ran. */
  turnStarts?: number[]
  /** Events of this many leading turns are compacted away (retainedFromSeq > 0). */
  compactTurns?: number
  /** Keep adding turns until the log holds this many events. */
  minEvents?: number
  /** Each completed turn's run commits a checkpoint to the native journal, as the engine's runs do. */
  commitsCheckpoints?: boolean
}

function requireEnv(backend: MockBackend, id: string) {
  const record = backend.db.environments.get(id)
  if (!record) throw new Error(`seedSessions: environment ${id} is missing; seedControlPlane must run first`)
  return record
}

function seedOne(backend: MockBackend, spec: SessionSpec, now: number): SessionRecord {
  const agent = backend.db.agents.get(spec.agentId)
  if (!agent) {
    throw new Error(`seedSessions: agent ${spec.agentId} is missing; seedControlPlane must run first`)
  }
  const definition = agent.definition
  const agentDefault = definition.defaultEnvironmentId ?? null
  const finalEnv = requireEnv(backend, spec.environmentId)
  const isChanged = spec.changedAfterTurns !== undefined
  const initialEnvId = isChanged ? (agentDefault ?? ENV.e2bDefault) : spec.environmentId
  const initialEnv = requireEnv(backend, initialEnvId)
  const source: components['schemas']['EnvironmentSource'] =
    !spec.source && initialEnvId === agentDefault ? 'agent_default' : 'explicit'

  const record = createSessionRecord(
    {
      id: spec.id,
      ownerId: spec.ownerId,
      agentId: agent.agent.id,
      agentOwnerId: spec.ownerId,
      agentVersion: definition.version,
      agentRefType: 'latest',
      agentOverridesJson: '',
      environmentId: initialEnvId,
      externalKey: null,
      memoryStoreIds: [...(definition.defaultMemoryStoreIds ?? [])],
      vaultIds: [...(definition.defaultVaultIds ?? [])],
      resources: [],
      status: 'created',
      stopReason: null,
      createdAt: spec.startAt,
      updatedAt: spec.startAt,
      archivedAt: null,
      environmentSource: source,
      environmentChangedAt: null,
      lastActivityAt: spec.startAt,
    },
    {
      namespace: spec.namespace ?? NS.team,
      isRestricted: agent.isRestricted || initialEnv.isRestricted || finalEnv.isRestricted,
    },
  )
  const writer = new HistoryWriter(record, {
    random: backend.random,
    ids: backend.ids,
    startAt: spec.startAt,
    model: definition.model ?? 'qwen-plus',
    notAfter: now - MINUTE,
  })
  writer.sessionCreated()

  const runsOnFor = (type: string): RunsOn => (type === 'self_hosted' ? 'worker' : 'backend')
  const scripts = spec.turns(runsOnFor(isChanged ? initialEnv.environment.type : finalEnv.environment.type))
  scripts.forEach((script, index) => {
    if (index === spec.changedAfterTurns) {
      record.session.environmentId = spec.environmentId
      record.session.environmentSource = 'changed'
      record.session.environmentChangedAt = writer.advance(5 * MINUTE, 30 * MINUTE)
      record.session.updatedAt = writer.now
    }
    const fixedStart = spec.turnStarts?.[index]
    if (fixedStart !== undefined) writer.jumpTo(fixedStart)
    else if (index > 0) writer.advance(2 * MINUTE, 40 * MINUTE)
    writer.turn(script)
    const turn = record.turns.at(-1)
    if (spec.commitsCheckpoints && turn?.status === 'completed') {
      const run = record.events.findLast(
        (event) => event.type === 'run.started' && event.data.turn_id === turn.id,
      )
      commitRunCheckpoint(
        record,
        typeof run?.data.run_id === 'string' ? run.data.run_id : null,
        turn.id,
        writer.now,
      )
    }
  })
  for (let index = scripts.length; record.events.length < (spec.minEvents ?? 0); index += 1) {
    writer.advance(30_000, 3 * MINUTE)
    writer.turn(analysisTurn(backend.random, index))
  }

  if (spec.compactTurns) {
    const keepFromTurn = record.turns[spec.compactTurns]?.id
    const cut = record.events.findIndex(
      (event) => event.type === 'turn.accepted' && event.data.turn_id === keepFromTurn,
    )
    if (cut > 0) {
      record.events.splice(0, cut)
      record.retainedFromSeq = firstSeq(record)
    }
  }
  if (spec.archived) {
    const at = writer.advance(HOUR, DAY)
    sessionStatus(record, 'archived', at)
    record.session.archivedAt = at
  }
  record.session.updatedAt = Math.max(record.session.updatedAt, record.session.lastActivityAt ?? 0)
  backend.db.sessions.set(record.session.id, record)
  return record
}

function sessionSpecs(now: number, largeSessionEvents: number): SessionSpec[] {
  const { alice, admin } = USERS
  const at = (ago: number) => now - ago
  return [
    // Turn times line up with the work items seedControlPlane writes for these sessions.
    {
      id: SESSION.buildDone,
      agentId: AGENT.releaseHelper,
      environmentId: ENV.buildWorkers,
      ownerId: alice.userId,
      startAt: at(3 * DAY + 42 * MINUTE),
      turnStarts: [at(3 * DAY + 40 * MINUTE), at(3 * DAY)],
      turns: (r) => [environmentCheckTurn(r), releaseNotesTurn(r)],
      commitsCheckpoints: true,
    },
    {
      id: SESSION.buildActive,
      agentId: AGENT.releaseHelper,
      environmentId: ENV.buildWorkers,
      ownerId: alice.userId,
      startAt: at(50 * MINUTE),
      turnStarts: [at(45 * MINUTE), at(6 * MINUTE + 20_000)],
      turns: (r) => [environmentCheckTurn(r), changelogUpdateTurn(r)],
    },
    {
      id: SESSION.labQueued,
      agentId: AGENT.releaseHelper,
      environmentId: ENV.labBox,
      source: 'explicit',
      ownerId: alice.userId,
      startAt: at(2 * HOUR + 25 * MINUTE),
      turnStarts: [at(2 * HOUR + 20 * MINUTE), at(25 * MINUTE + 5_000)],
      turns: (r) => [
        environmentCheckTurn(r),
        {
          message: 'Run the GPU smoke test on the lab box.',
          steps: [
            text('I will check the GPU first.'),
            execute(r, 'nvidia-smi --query-gpu=name,memory.total --format=csv', []),
          ],
          ending: { status: 'requires_action' },
        },
      ],
    },
    {
      id: SESSION.largeHistory,
      agentId: AGENT.dataAnalyst,
      environmentId: ENV.e2bPython,
      ownerId: alice.userId,
      startAt: at(Math.max(6 * HOUR, largeSessionEvents * 3_000)),
      turns: () => [],
      minEvents: largeSessionEvents,
    },
    {
      id: SESSION.needsApproval,
      agentId: AGENT.docsWriter,
      environmentId: ENV.sharedDocs,
      ownerId: alice.userId,
      startAt: at(3 * HOUR),
      turns: (r) => [
        ...docsTurns(r),
        {
          message: 'Publish the updated guide to the public docs folder.',
          steps: [
            text('Publishing overwrites the public copy, so I will ask before writing it.'),
            { ...writeFile(r, 'public/getting-started.md', '# Getting started\n'), needsConfirmation: true },
          ],
          ending: { status: 'requires_action' },
        },
      ],
    },
    {
      id: MORE_SESSIONS.failedTurn,
      agentId: AGENT.triageBot,
      environmentId: ENV.dataplaneLocal,
      ownerId: alice.userId,
      startAt: at(7 * HOUR),
      turns: (r) => [
        {
          message: 'Find out why last night’s nightly job failed.',
          steps: [
            text('Let me read the nightly job log.'),
            readMissingFile(r, 'logs/nightly-2026-11-28.log'),
            execute(r, 'ls logs | tail -n 3', [
              'nightly-2026-11-26.log',
              'nightly-2026-11-27.log',
              'worker.log',
            ]),
          ],
          ending: {
            status: 'failed',
            errorCode: 'model_call_failed',
            reason: 'The model provider returned 503 three times in a row.',
          },
        },
      ],
    },
    {
      id: MORE_SESSIONS.archivedDocs,
      agentId: AGENT.docsWriter,
      environmentId: ENV.sharedDocs,
      ownerId: alice.userId,
      startAt: at(9 * DAY),
      turns: docsTurns,
      archived: true,
    },
    {
      id: MORE_SESSIONS.archivedRelease,
      agentId: AGENT.releaseHelper,
      environmentId: ENV.buildWorkers,
      ownerId: admin.userId,
      startAt: at(12 * DAY),
      turns: (r) => [environmentCheckTurn(r)],
      archived: true,
    },
    {
      id: MORE_SESSIONS.environmentChanged,
      agentId: AGENT.docsWriter,
      environmentId: ENV.e2bDefault,
      changedAfterTurns: 1,
      ownerId: alice.userId,
      startAt: at(DAY),
      turns: (r) => [...docsTurns(r), environmentCheckTurn(r)],
    },
    {
      id: MORE_SESSIONS.localExplicit,
      agentId: AGENT.triageBot,
      environmentId: ENV.dataplaneLocal,
      source: 'explicit',
      ownerId: admin.userId,
      startAt: at(5 * HOUR),
      turns: (r) => [
        {
          message: 'Which kernel does the dataplane run?',
          steps: [
            execute(r, 'uname -sr', ['Linux 6.8.0-45-generic']),
            text('The dataplane runs Linux 6.8.0-45-generic.'),
          ],
          ending: { status: 'completed' },
        },
      ],
    },
    {
      id: MORE_SESSIONS.compacted,
      agentId: AGENT.releaseHelper,
      environmentId: ENV.buildWorkers,
      ownerId: alice.userId,
      startAt: at(4 * DAY),
      turns: (r) => [environmentCheckTurn(r), releaseNotesTurn(r), environmentCheckTurn(r)],
      compactTurns: 2,
    },
    {
      id: MORE_SESSIONS.cancelled,
      agentId: AGENT.dataAnalyst,
      environmentId: ENV.e2bPython,
      ownerId: alice.userId,
      startAt: at(8 * HOUR),
      turns: () => {
        const script = analysisTurn(() => 0.5, 0)
        return [{ ...script, steps: script.steps.slice(0, 3), ending: { status: 'cancelled' } }]
      },
    },
    {
      id: MORE_SESSIONS.interrupted,
      agentId: AGENT.releaseHelper,
      environmentId: ENV.buildWorkers,
      ownerId: alice.userId,
      startAt: at(6 * HOUR),
      turns: (r) => {
        const script = releaseNotesTurn(r)
        return [
          {
            ...script,
            steps: script.steps.slice(0, 4),
            ending: { status: 'interrupted', reason: 'worker_lease_expired' },
          },
        ]
      },
    },
    {
      id: MORE_SESSIONS.fresh,
      agentId: AGENT.triageBot,
      environmentId: ENV.dataplaneLocal,
      ownerId: alice.userId,
      startAt: at(10 * MINUTE),
      turns: () => [],
    },
    {
      id: MORE_SESSIONS.edgeRunner,
      agentId: AGENT.triageBot,
      environmentId: ENV.edgeRunner,
      source: 'explicit',
      ownerId: admin.userId,
      startAt: at(30 * HOUR),
      turns: (r) => [environmentCheckTurn(r)],
    },
    {
      id: MORE_SESSIONS.steering,
      agentId: AGENT.triageBot,
      environmentId: ENV.dataplaneLocal,
      ownerId: alice.userId,
      startAt: at(20 * MINUTE),
      turns: () => [
        {
          message: 'How can I try steering here?',
          steps: [
            text(
              'Send “work through the checklist step by step” as a new turn: it runs about 60 short steps. ' +
                'While it runs, choose “Steer running turn” to change its course, or “Inject context” to add ' +
                'something for its next step.',
            ),
          ],
          ending: { status: 'completed' },
        },
      ],
    },
    {
      id: MORE_SESSIONS.research,
      agentId: AGENT.researchScout,
      environmentId: ENV.researchSandbox,
      namespace: NS.research,
      ownerId: admin.userId,
      startAt: at(3 * DAY),
      turns: (r) => [environmentCheckTurn(r)],
    },
    {
      id: MORE_SESSIONS.overBudget,
      agentId: AGENT.dataAnalyst,
      environmentId: ENV.dataplaneLocal,
      source: 'explicit',
      ownerId: alice.userId,
      startAt: at(40 * MINUTE),
      turns: (r) => [
        {
          message: 'What can you do within a budget of two model calls?',
          steps: [
            text(
              'This session’s budget allows two model calls for the whole session tree; this answer is the first. ' +
                'Ask me to run a command next: its summary will need a third call, and the budget will stop the turn.',
            ),
          ],
          ending: { status: 'completed' },
        },
        {
          message: 'Run `df -h` on the box.',
          steps: [
            text('I’ll run `df -h`.'),
            execute(r, 'df -h', ['Filesystem Size Used Avail Use% Mounted on', 'overlay 50G 31G 19G 62% /']),
          ],
          budgetExceeded: 'max_model_calls',
          ending: {
            status: 'failed',
            errorCode: 'model_call_failed',
            reason: budgetExceededMessage('max_model_calls'),
          },
        },
      ],
    },
  ]
}

/**
 * Sessions with history over the seeded agents and environments (seedControlPlane runs first).
 * Deterministic: all randomness comes from `backend.random`, all times from `backend.clock`.
 */
export function seedSessions(backend: MockBackend, options: { largeSessionEvents?: number } = {}): void {
  const now = backend.clock.now()
  for (const spec of sessionSpecs(now, options.largeSessionEvents ?? 5000)) seedOne(backend, spec, now)
  const overBudget = backend.db.sessions.get(MORE_SESSIONS.overBudget)
  if (overBudget) seedLedger(overBudget, { max_model_calls: 2 })
  // Last, so the sessions above keep the histories their random draws gave them.
  seedSubagentTree(backend, now)
}

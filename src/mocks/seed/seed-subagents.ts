import type { MockBackend } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { AGENT, ENV, NS, USERS } from './fixture-ids'
import { HistoryWriter, type TurnScript } from './history-writer'
import { acceptTurn, createSessionRecord, sessionStatus, type Turn } from '../lib/event-log'
import { splitWords, TurnEventWriter } from '../engine/turn-event-writer'
import { analysisTurn, execute, readFile, text } from '../engine/turn-scripts'

/** The seeded sub-agent tree: a parent, three children, one grandchild (two levels deep). */
export const SUBAGENT_TREE = {
  parent: 'sess_subagenttree01',
  changelog: 'sess_childchangelog',
  dependencies: 'sess_childdepsaudit',
  licenses: 'sess_grandchildlics',
  docsLinks: 'sess_childdocslinks',
} as const

const MINUTE = 60_000

/** A child session's record: it has a session object for the mock's own use, never served as one. */
function childRecord(backend: MockBackend, parent: SessionRecord, id: string, at: number): SessionRecord {
  const record = createSessionRecord(
    { ...parent.session, id, status: 'created', createdAt: at, updatedAt: at, lastActivityAt: at },
    { namespace: parent.namespace, isRestricted: parent.isRestricted },
  )
  record.parentSessionId = parent.session.id
  backend.db.subagentSessions.set(id, record)
  return record
}

/**
 * Writes a parent's turn that delegates: its own text, then for each child `subagent.started`, the
 * child's whole history (which may delegate in turn), and `subagent.completed` once the child's
 * turn ended (a child left waiting stays `running`, and so does the parent's turn).
 */
class TreeWriter {
  time: number

  constructor(
    private readonly backend: MockBackend,
    startAt: number,
    private readonly notAfter: number,
  ) {
    this.time = startAt
  }

  stamp = (minMs: number, maxMs: number): number => {
    const step = minMs + Math.floor(this.backend.random() * (maxMs - minMs + 1))
    this.time = Math.min(this.time + step, this.notAfter)
    return this.time
  }

  events(record: SessionRecord): TurnEventWriter {
    return new TurnEventWriter(record, {
      ids: this.backend.ids,
      random: this.backend.random,
      model: 'qwen-plus',
      stamp: this.stamp,
    })
  }

  say(events: TurnEventWriter, turn: Turn, words: string): void {
    const item = events.textStarted(turn)
    splitWords(words).forEach((chunk, position) => events.textDelta(item, position, chunk))
    events.textCompleted(turn, item, words)
  }

  /** A child's history with the ordinary history writer, on the tree's clock. */
  child(record: SessionRecord, scripts: TurnScript[]): Turn[] {
    const writer = new HistoryWriter(record, {
      random: this.backend.random,
      ids: this.backend.ids,
      startAt: this.time,
      model: 'qwen-turbo',
      notAfter: this.notAfter,
    })
    writer.sessionCreated()
    const turns = scripts.map((script) => writer.turn(script))
    this.time = Math.max(this.time, writer.now)
    return turns
  }
}

type Delegation = { events: TurnEventWriter; turn: Turn }

function started(on: Delegation, childId: string, taskId: string): void {
  on.events.emit('subagent.started', {
    ...on.events.runData(on.turn),
    childSessionId: childId,
    taskId,
    status: 'running',
  })
}

function completed(on: Delegation, childId: string, taskId: string, status: string): void {
  on.events.emit('subagent.completed', {
    ...on.events.runData(on.turn),
    childSessionId: childId,
    taskId,
    status,
  })
}

const r = 'backend' as const

/**
 * The demo's sub-agent tree (alice): "Audit the release" delegates a changelog review and a
 * dependency audit, which delegates a license check (two levels deep); a second turn delegates a
 * docs-link check that waits for a confirmation nobody can give from the parent's side, so the
 * parent's turn is still running because of it.
 */
export function seedSubagentTree(backend: MockBackend, now: number): void {
  const startAt = now - 90 * MINUTE
  const definition = backend.db.agents.get(AGENT.triageBot)?.definition
  const parent = createSessionRecord(
    {
      id: SUBAGENT_TREE.parent,
      ownerId: USERS.alice.userId,
      agentId: AGENT.triageBot,
      agentOwnerId: USERS.alice.userId,
      agentVersion: definition?.version ?? 1,
      agentRefType: 'latest',
      agentOverridesJson: '',
      environmentId: ENV.dataplaneLocal,
      externalKey: null,
      memoryStoreIds: [...(definition?.defaultMemoryStoreIds ?? [])],
      vaultIds: [...(definition?.defaultVaultIds ?? [])],
      resources: [],
      status: 'created',
      stopReason: null,
      createdAt: startAt,
      updatedAt: startAt,
      archivedAt: null,
      environmentSource: 'agent_default',
      environmentChangedAt: null,
      lastActivityAt: startAt,
    },
    { namespace: NS.team, isRestricted: false },
  )
  backend.db.sessions.set(parent.session.id, parent)
  const tree = new TreeWriter(backend, startAt, now - MINUTE)
  sessionStatus(parent, 'created', tree.time)
  sessionStatus(parent, 'idle', tree.stamp(5, 40))

  // Turn 1: two children; the dependency audit delegates a license check.
  const events = tree.events(parent)
  const first = acceptTurn(
    parent,
    backend.ids,
    [{ type: 'text', text: 'Audit the release: review the changelog and the dependencies.' }],
    tree.stamp(0, 0),
  )
  events.startRun(first, 'started')
  tree.say(events, first, 'I will hand the changelog and the dependency audit to two sub-agents.')
  const on: Delegation = { events, turn: first }

  started(on, SUBAGENT_TREE.changelog, 'changelog-review')
  const changelog = childRecord(backend, parent, SUBAGENT_TREE.changelog, tree.time)
  tree.child(changelog, [
    {
      message: 'Review CHANGELOG.md for the release.',
      steps: [
        text('Reading the changelog.'),
        readFile(r, 'CHANGELOG.md', '## 2.4.0\n- Faster session list\n- Fix: retry on 503\n'),
        text('Two entries, both user-facing; nothing is missing.'),
      ],
      ending: { status: 'completed' },
    },
  ])
  completed(on, SUBAGENT_TREE.changelog, 'changelog-review', 'completed')

  started(on, SUBAGENT_TREE.dependencies, 'dependency-audit')
  const dependencies = childRecord(backend, parent, SUBAGENT_TREE.dependencies, tree.time)
  const depsWriter = tree.events(dependencies)
  sessionStatus(dependencies, 'created', tree.time)
  sessionStatus(dependencies, 'idle', tree.stamp(5, 40))
  const depsTurn = acceptTurn(
    dependencies,
    backend.ids,
    [{ type: 'text', text: 'Audit the dependencies and have their licenses checked.' }],
    tree.stamp(0, 0),
  )
  depsWriter.startRun(depsTurn, 'started')
  tree.say(depsWriter, depsTurn, 'Listing the dependencies, then a sub-agent checks the licenses.')
  const onDeps: Delegation = { events: depsWriter, turn: depsTurn }
  started(onDeps, SUBAGENT_TREE.licenses, 'license-check')
  const licenses = childRecord(backend, dependencies, SUBAGENT_TREE.licenses, tree.time)
  tree.child(licenses, [
    {
      message: 'Check the licenses of the runtime dependencies.',
      steps: [
        execute(r, 'npx license-checker --production --summary', ['MIT: 41', 'Apache-2.0: 6', 'ISC: 3']),
        text('All licenses are permissive (MIT, Apache-2.0, ISC).'),
      ],
      ending: { status: 'completed' },
    },
  ])
  completed(onDeps, SUBAGENT_TREE.licenses, 'license-check', 'completed')
  tree.say(depsWriter, depsTurn, '50 dependencies, none outdated by a major version; licenses are fine.')
  depsWriter.finish(depsTurn, { status: 'completed' })
  completed(on, SUBAGENT_TREE.dependencies, 'dependency-audit', 'completed')

  tree.say(events, first, 'The changelog is complete and the dependencies are clean.')
  events.finish(first, { status: 'completed' })

  // Turn 2: a child that waits for a confirmation; the parent's turn waits for the child.
  tree.stamp(2 * MINUTE, 6 * MINUTE)
  const second = acceptTurn(
    parent,
    backend.ids,
    [{ type: 'text', text: 'Also check that the docs links still resolve.' }],
    tree.stamp(0, 0),
  )
  const events2 = tree.events(parent)
  events2.startRun(second, 'started')
  tree.say(events2, second, 'A sub-agent will check the docs links.')
  started({ events: events2, turn: second }, SUBAGENT_TREE.docsLinks, 'docs-links')
  const docs = childRecord(backend, parent, SUBAGENT_TREE.docsLinks, tree.time)
  tree.child(docs, [
    {
      message: 'Check that every link in docs/ resolves.',
      steps: [
        text('I need to fetch each link; that runs a command.'),
        { ...execute(r, 'curl -sI https://example.com/docs/setup', []), needsConfirmation: true },
      ],
      ending: { status: 'requires_action' },
    },
  ])
  parent.session.updatedAt = Math.max(parent.session.updatedAt, parent.session.lastActivityAt ?? 0)
}

/** The benchmark's tree (`--bulk-subagents N`): one session of alice's with N settled children. */
export const BULK_TREE_SESSION = 'sess_bulktree00001'

/**
 * `--bulk-subagents N --bulk-subagent-events M` (benchmarks): a session whose one turn delegated to
 * N children, each with at least M events of ordinary turns, all completed. Seeded after
 * everything else, so the demo's ids and random draws stay as they are.
 */
export function seedBulkSubagentTree(backend: MockBackend, children: number, eventsEach: number): void {
  const now = backend.clock.now()
  const startAt = now - Math.max(6 * 60 * MINUTE, children * eventsEach * 50)
  const demo = backend.db.sessions.get(SUBAGENT_TREE.parent)
  if (!demo) throw new Error('seedBulkSubagentTree: the demo tree must be seeded first')
  const parent = createSessionRecord(
    {
      ...demo.session,
      id: BULK_TREE_SESSION,
      status: 'created',
      createdAt: startAt,
      updatedAt: startAt,
      lastActivityAt: startAt,
    },
    { namespace: demo.namespace, isRestricted: demo.isRestricted },
  )
  backend.db.sessions.set(parent.session.id, parent)
  const tree = new TreeWriter(backend, startAt, now - MINUTE)
  sessionStatus(parent, 'created', tree.time)
  sessionStatus(parent, 'idle', tree.stamp(5, 40))
  const events = tree.events(parent)
  const turn = acceptTurn(
    parent,
    backend.ids,
    [{ type: 'text', text: `Split the analysis over ${children} sub-agents.` }],
    tree.stamp(0, 0),
  )
  events.startRun(turn, 'started')
  const on: Delegation = { events, turn }
  for (let index = 0; index < children; index += 1) {
    const id = `sess_bulkchild${String(index).padStart(5, '0')}`
    const task = `analysis-${index}`
    started(on, id, task)
    const child = childRecord(backend, parent, id, tree.time)
    const writer = new HistoryWriter(child, {
      random: backend.random,
      ids: backend.ids,
      startAt: tree.time,
      model: 'qwen-turbo',
      notAfter: now - MINUTE,
    })
    writer.sessionCreated()
    for (let n = 0; child.events.length < eventsEach; n += 1) writer.turn(analysisTurn(backend.random, n))
    completed(on, id, task, 'completed')
  }
  events.finish(turn, { status: 'completed' })
}

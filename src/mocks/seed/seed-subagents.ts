import type { MockBackend } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { AGENT, ENV, NS, USERS } from './fixture-ids'
import { HistoryWriter, type TurnScript } from './history-writer'
import { createSessionRecord } from '../lib/event-log'
import { childRecord, completed, started, TreeWriter, type Delegation } from '../engine/subagents'
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

const r = 'backend' as const

/** A child's history with the ordinary history writer, on the tree's clock. */
function writeChild(
  tree: TreeWriter,
  backend: MockBackend,
  record: SessionRecord,
  scripts: TurnScript[],
): void {
  const writer = new HistoryWriter(record, {
    random: backend.random,
    ids: backend.ids,
    startAt: tree.time,
    model: 'qwen-turbo',
    notAfter: tree.notAfter,
  })
  writer.sessionCreated()
  for (const script of scripts) writer.turn(script)
  tree.time = Math.max(tree.time, writer.now)
}

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
  tree.created(parent)

  // Turn 1: two children; the dependency audit delegates a license check.
  const { events, turn: first } = tree.turn(
    parent,
    'Audit the release: review the changelog and the dependencies.',
  )
  tree.say(events, first, 'I will hand the changelog and the dependency audit to two sub-agents.')
  const on: Delegation = { events, turn: first }

  started(on, SUBAGENT_TREE.changelog, 'changelog-review')
  const changelog = childRecord(backend, parent, SUBAGENT_TREE.changelog, tree.time)
  writeChild(tree, backend, changelog, [
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
  tree.created(dependencies)
  const { events: depsWriter, turn: depsTurn } = tree.turn(
    dependencies,
    'Audit the dependencies and have their licenses checked.',
  )
  tree.say(depsWriter, depsTurn, 'Listing the dependencies, then a sub-agent checks the licenses.')
  const onDeps: Delegation = { events: depsWriter, turn: depsTurn }
  started(onDeps, SUBAGENT_TREE.licenses, 'license-check')
  const licenses = childRecord(backend, dependencies, SUBAGENT_TREE.licenses, tree.time)
  writeChild(tree, backend, licenses, [
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
  const { events: events2, turn: second } = tree.turn(parent, 'Also check that the docs links still resolve.')
  tree.say(events2, second, 'A sub-agent will check the docs links.')
  started({ events: events2, turn: second }, SUBAGENT_TREE.docsLinks, 'docs-links')
  const docs = childRecord(backend, parent, SUBAGENT_TREE.docsLinks, tree.time)
  writeChild(tree, backend, docs, [
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
  tree.created(parent)
  const { events, turn } = tree.turn(parent, `Split the analysis over ${children} sub-agents.`)
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

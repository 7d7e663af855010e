import type { MockBackend } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { acceptTurn, createSessionRecord, sessionStatus, type Turn } from '../lib/event-log'
import { splitWords, TurnEventWriter } from './turn-event-writer'

/*
 * Sub-agent sessions, as upstream links them: a child's log of its own, reached through its
 * parent, which logs `subagent.started` / `subagent.completed` naming `childSessionId` and
 * `taskId` (public-event-v1; AgentSessionView.apply folds them into the parent's `subagents`).
 * The seed writes whole trees with these; the engine writes a delegation live (turn-runner.ts).
 */

/** A child session's record: it has a session object for the mock's own use, never served as one. */
export function childRecord(
  backend: MockBackend,
  parent: SessionRecord,
  id: string,
  at: number,
): SessionRecord {
  const record = createSessionRecord(
    { ...parent.session, id, status: 'created', createdAt: at, updatedAt: at, lastActivityAt: at },
    { namespace: parent.namespace, isRestricted: parent.isRestricted },
  )
  record.parentSessionId = parent.session.id
  // The tree shares one budget ledger, held on its root (SessionBudgetService keys it by root).
  record.budgetRootId = parent.budgetRootId ?? parent.session.id
  backend.db.subagentSessions.set(id, record)
  return record
}

/**
 * Writes a parent's turn that delegates: its own text, then for each child `subagent.started`, the
 * child's whole history (which may delegate in turn), and `subagent.completed` once the child's
 * turn ended (a child left waiting stays `running`, and so does the parent's turn).
 */
export class TreeWriter {
  time: number

  constructor(
    private readonly backend: MockBackend,
    startAt: number,
    readonly notAfter: number,
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

  /** A session's first two statuses, as a new session logs them. */
  created(record: SessionRecord): void {
    sessionStatus(record, 'created', this.time)
    sessionStatus(record, 'idle', this.stamp(5, 40))
  }

  /** A turn accepted with the user's message, its run started: what a delegating turn writes first. */
  turn(record: SessionRecord, message: string): Delegation {
    const events = this.events(record)
    const turn = acceptTurn(record, this.backend.ids, [{ type: 'text', text: message }], this.stamp(0, 0))
    events.startRun(turn, 'started')
    return { events, turn }
  }

  say(events: TurnEventWriter, turn: Turn, words: string): void {
    const item = events.textStarted(turn)
    splitWords(words).forEach((chunk, position) => events.textDelta(item, position, chunk))
    events.textCompleted(turn, item, words)
  }
}

export type Delegation = { events: TurnEventWriter; turn: Turn }

export function started(on: Delegation, childId: string, taskId: string): void {
  on.events.emit('subagent.started', {
    ...on.events.runData(on.turn),
    childSessionId: childId,
    taskId,
    status: 'running',
  })
}

export function completed(on: Delegation, childId: string, taskId: string, status: string): void {
  on.events.emit('subagent.completed', {
    ...on.events.runData(on.turn),
    childSessionId: childId,
    taskId,
    status,
  })
}

/** One event a live sub-agent writes: into the child's log, or its own child's. */
export type SubagentOp = { record: SessionRecord; type: string; data: Record<string, unknown> }

/**
 * What a live delegation writes, in order, for the engine to replay one event at a time on real
 * time (engine/turn-runner.ts): the child's turn (and, with `nested`, its own `subagent.*` events
 * around a grandchild's turn). The records are stored as the parent's sub-agents at once, empty.
 */
export function scriptSubagent(
  backend: MockBackend,
  parent: SessionRecord,
  childId: string,
  task: { taskId: string; task: string; nested?: { taskId: string; task: string } },
): SubagentOp[] {
  const now = backend.clock.now()
  const scratch = (id: string, of: SessionRecord) =>
    createSessionRecord(
      { ...of.session, id, status: 'created', createdAt: now, updatedAt: now, lastActivityAt: now },
      { namespace: of.namespace, isRestricted: of.isRestricted },
    )
  const child = childRecord(backend, parent, childId, now)
  const draft = scratch(childId, parent)
  const tree = new TreeWriter(backend, now, Number.POSITIVE_INFINITY)
  tree.created(draft)
  const { events, turn } = tree.turn(draft, task.task)
  tree.say(events, turn, `Working on ${task.taskId}.`)
  const ops: SubagentOp[] = []
  const take = (from: SessionRecord, into: SessionRecord, start: number) =>
    from.events.slice(start).map((event) => ({ record: into, type: event.type, data: event.data }))
  if (task.nested) {
    const grandchildId = backend.ids('sess')
    const grandchild = childRecord(backend, child, grandchildId, now)
    started({ events, turn }, grandchildId, task.nested.taskId)
    ops.push(...take(draft, child, 0))
    const mark = draft.events.length
    const draftGrandchild = scratch(grandchildId, child)
    tree.created(draftGrandchild)
    const { events: nestedEvents, turn: nestedTurn } = tree.turn(draftGrandchild, task.nested.task)
    tree.say(nestedEvents, nestedTurn, 'Checking the claims one by one.')
    tree.say(nestedEvents, nestedTurn, 'Every claim matches its source.')
    nestedEvents.finish(nestedTurn, { status: 'completed' })
    ops.push(...take(draftGrandchild, grandchild, 0))
    completed({ events, turn }, grandchildId, task.nested.taskId, 'completed')
    tree.say(events, turn, `${task.taskId} is done; the claims are checked.`)
    events.finish(turn, { status: 'completed' })
    ops.push(...take(draft, child, mark))
    return ops
  }
  tree.say(events, turn, `${task.taskId} is done.`)
  events.finish(turn, { status: 'completed' })
  ops.push(...take(draft, child, 0))
  return ops
}

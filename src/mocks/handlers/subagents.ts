import type { HttpHandler } from 'msw'
import type { MockBackend } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { encodeCursor } from '../lib/cursor'
import { headSeq } from '../lib/event-log'
import { http } from '../lib/openapi-http'
import { isResponse } from '../lib/request-context'
import { sessionApiError } from '../lib/responses'
import { deriveSessionViews } from '../lib/session-views'
import { descendants } from '../lib/subagent-tree'
import { afterSeq, eventsAfter, eventStream, parseLimit, snapshotOf } from './events'
import { findSession } from './session-common'

/**
 * The sub-agent tree, as upstream serves it at b589d28e:
 * - `GET {S}/subagents`: the parent's own view, one envelope per child
 *   (AgentSessionEventsController.subagents, folded by AgentSessionView.apply from `subagent.*`).
 * - `GET {S}/subagents/{child}/…`: AgentSessionChildrenController. Every route first checks that
 *   `child` is a linked descendant of `session` at any depth (SessionNativeLogService
 *   .refreshDescendant → 404 "Child session is not linked to this parent"), then reads the child's
 *   own view and log. Cursors are the child's (SessionEventCursor.decode(child, …)), so a parent
 *   cursor is 400. Read-only: no route answers a child's required action.
 */

type ChildAccess = { parent: SessionRecord; child: SessionRecord }

function findChild(
  backend: MockBackend,
  request: Request,
  sessionId: string,
  childId: string,
): ChildAccess | Response {
  const access = findSession(backend, request, sessionId)
  if (isResponse(access)) return access
  const tree = descendants(backend.db, access.record)
  if (tree === 'too_many') return sessionApiError(request, 409, 'conflict', 'Child traversal limit exceeded')
  const child = tree.get(childId)
  if (!child) {
    return sessionApiError(request, 404, 'not_found', 'Child session is not linked to this parent')
  }
  return { parent: access.record, child }
}

/** The child's snapshot with `session` replaced by the reference upstream puts there. */
function childSnapshot(sessionId: string, child: SessionRecord) {
  return snapshotOf(child, { id: child.session.id, parent_session_id: sessionId })
}

type Resource = 'items' | 'tools' | 'turns' | 'runs' | 'required_actions' | 'subagents'

export function createSubagentHandlers(backend: MockBackend): HttpHandler[] {
  const resource = (name: Resource) =>
    http.get(
      `/api/v1/agent-sessions/{session}/subagents/{child}/${name === 'required_actions' ? 'required-actions' : name}`,
      ({ request, params, response }) => {
        const access = findChild(backend, request, params.session, params.child)
        if (isResponse(access)) return response.untyped(access)
        const view = childSnapshot(params.session, access.child)
        return response(200).json({ data: view[name], as_of: view.as_of })
      },
    )

  return [
    http.get('/api/v1/agent-sessions/{session}/subagents', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const views = deriveSessionViews(access.record)
      return response(200).json({ data: views.subagents, as_of: views.asOf })
    }),

    http.get('/api/v1/agent-sessions/{session}/subagents/{child}', ({ request, params, response }) => {
      const access = findChild(backend, request, params.session, params.child)
      if (isResponse(access)) return response.untyped(access)
      return response(200).json(childSnapshot(params.session, access.child))
    }),

    http.get(
      '/api/v1/agent-sessions/{session}/subagents/{child}/snapshot',
      ({ request, params, response }) => {
        const access = findChild(backend, request, params.session, params.child)
        if (isResponse(access)) return response.untyped(access)
        return response(200).json(childSnapshot(params.session, access.child))
      },
    ),

    resource('items'),
    resource('tools'),
    resource('turns'),
    resource('runs'),
    resource('required_actions'),
    resource('subagents'),

    http.get('/api/v1/agent-sessions/{session}/subagents/{child}/usage', ({ request, params, response }) => {
      const access = findChild(backend, request, params.session, params.child)
      if (isResponse(access)) return response.untyped(access)
      const { usage, asOf } = deriveSessionViews(access.child)
      return response(200).json({ data: usage, as_of: asOf })
    }),

    http.get('/api/v1/agent-sessions/{session}/subagents/{child}/events', ({ request, params, response }) => {
      const access = findChild(backend, request, params.session, params.child)
      if (isResponse(access)) return response.untyped(access)
      const limit = parseLimit(request)
      if (isResponse(limit)) return response.untyped(limit)
      const after = afterSeq(backend, request, access.child, new URL(request.url).searchParams.get('after'))
      if (isResponse(after)) return response.untyped(after)
      const page = eventsAfter(access.child, after, limit)
      const next = page.events.length > 0 ? page.lastSeq : after
      return response(200).json({
        data: page.events,
        next_cursor: encodeCursor(access.child.session.id, next),
        has_more: next < headSeq(access.child),
      })
    }),

    http.get(
      '/api/v1/agent-sessions/{session}/subagents/{child}/events/stream',
      ({ request, params, response }) => {
        const access = findChild(backend, request, params.session, params.child)
        if (isResponse(access)) return response.untyped(access)
        const { child } = access
        // Both positions are the child's own; the later wins, a parent cursor is refused (400).
        const fromQuery = afterSeq(backend, request, child, new URL(request.url).searchParams.get('after'))
        if (isResponse(fromQuery)) return response.untyped(fromQuery)
        const fromHeader = afterSeq(backend, request, child, request.headers.get('Last-Event-ID'))
        if (isResponse(fromHeader)) return response.untyped(fromHeader)
        return response.untyped(eventStream(backend, request, child, Math.max(fromQuery, fromHeader)))
      },
    ),
  ]
}

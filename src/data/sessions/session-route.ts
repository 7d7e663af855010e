/**
 * Which log a session view reads, as a route base: a session of the caller's
 * (`/api/v1/agent-sessions/{sessionId}/…`), or a sub-agent linked below one at any depth
 * (`/api/v1/agent-sessions/{sessionId}/subagents/{childId}/…`). Upstream authorises a child only
 * through the caller's own session at the top of its tree, so `sessionId` is always that root, and
 * a child's cursors are the child's own: a cursor of one route never goes to the other.
 */
export type SessionRoute = { sessionId: string; childId?: string | undefined }

/** A plain session id is the session's own route. */
export type SessionRouteLike = string | SessionRoute

export function toRoute(route: SessionRouteLike): SessionRoute {
  return typeof route === 'string' ? { sessionId: route } : route
}

/** The session whose log the route reads (the child's, for a child route). */
export function routeLogId(route: SessionRouteLike): string {
  const { sessionId, childId } = toRoute(route)
  return childId ?? sessionId
}

export function isChildRoute(route: SessionRouteLike): route is SessionRoute & { childId: string } {
  return typeof route !== 'string' && route.childId !== undefined
}

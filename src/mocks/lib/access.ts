import type { components } from '@/api/schema.gen'
import type { Role, Scoped, UserRecord } from '../db/types'
import { canWrite } from './auth'
import type { RequestContext } from './request-context'
import { controlPlaneError } from './responses'

export type ResourceAction = components['schemas']['ResourceAction']

/** The control plane's exact wording when a namespace role may not change resources. */
export const ROLE_DENIED_MESSAGE = 'namespace role does not allow resource configuration'

export function roleDenied(): Response {
  return controlPlaneError(403, ROLE_DENIED_MESSAGE)
}

const rank: Record<Role, number> = { viewer: 0, developer: 1, admin: 2 }

/** Seeded users hold one role everywhere; the strongest one decides what they may do. */
export function effectiveRole(roles: readonly Role[]): Role {
  return roles.reduce<Role>((best, role) => (rank[role] > rank[best] ? role : best), 'viewer')
}

/** Restricted resources (policy mode `restricted`) are hidden from viewers, as upstream filters them in SQL. */
export function canInspect(user: UserRecord, resource: Scoped): boolean {
  return !resource.isRestricted || canWrite(user.roles)
}

/** Visible = in the caller's namespace and inspectable; anything else answers 404, never 403. */
export function isVisible(context: RequestContext, resource: Scoped): boolean {
  return resource.namespace === context.namespace && canInspect(context.user, resource)
}

/** Resource actions per role: viewer discover/use/inspect; developer adds edit; admin adds publish/manage. */
export function allowedActions(user: UserRecord, resource: Scoped): ResourceAction[] {
  if (!canInspect(user, resource)) return []
  const role = effectiveRole(user.roles)
  const actions: ResourceAction[] = ['discover', 'use', 'inspect']
  if (role === 'developer' || role === 'admin') actions.push('edit')
  if (role === 'admin') actions.push('publish', 'manage')
  return actions
}

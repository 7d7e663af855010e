import { errorMessage, isApiError } from '@/api/api-error'

export type EnvironmentAction = 'load' | 'create' | 'edit' | 'rotate' | 'archive' | 'delete'

const verbs: Record<EnvironmentAction, string> = {
  load: 'view',
  create: 'create environments',
  edit: 'edit this environment',
  rotate: 'rotate this environment’s key',
  archive: 'archive this environment',
  delete: 'delete this environment',
}

/** The server says local environments are disabled (403 on create; some servers send 400). */
export function isLocalDisabledError(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 403 || error.status === 400) &&
    /local environments? (are|is) disabled/i.test(error.message)
  )
}

/**
 * What went wrong and what to do, for the environment actions. The server's own message is kept
 * where it adds detail; statuses whose cause is known here are explained in words.
 */
export function explainEnvironmentError(error: unknown, action: EnvironmentAction): string {
  if (!isApiError(error)) return errorMessage(error)
  const server = error.message
  if (isLocalDisabledError(error))
    return 'This deployment does not allow local environments (an administrator enables them with BUILDER_ALLOW_LOCAL_ENVIRONMENT). Choose self-hosted or sandbox instead.'
  switch (error.kind) {
    case 'forbidden':
      return `You do not have permission to ${verbs[action]}: it needs the developer or admin role, or edit rights on this environment. Ask a namespace admin. (Server: ${server})`
    case 'not_found':
      return action === 'rotate'
        ? 'The server did not find this environment: it was deleted, or it is archived, and archived environments cannot get a new key.'
        : 'The environment no longer exists or is not visible to you. Go back to the list and reload.'
    case 'conflict':
      if (action === 'edit')
        return 'The environment is archived, so the server refuses changes. Archived environments are read-only; create a new environment instead.'
      if (action === 'delete' || action === 'archive')
        return `The server refused: the environment is still in use (${server}). Move the agents and sessions listed here to another environment, let running work finish, then try again.`
      return `The change conflicts with the current state of the environment (${server}). Reload and try again.`
    case 'validation':
      return `The server rejected the input: ${server}. Correct it and try again.`
    case 'unauthorized':
      return 'Your sign-in has expired. Sign in again; your draft is kept.'
    default:
      return server
  }
}

import { errorMessage, isApiError } from '@/api/api-error'
import { t } from '@/i18n'

export type EnvironmentAction = 'load' | 'create' | 'edit' | 'rotate' | 'archive' | 'delete'

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
  if (isLocalDisabledError(error)) return t('environments.errors.localDisabled')
  switch (error.kind) {
    case 'forbidden':
      return t('environments.errors.forbidden', { action, server })
    case 'not_found':
      return action === 'rotate' ? t('environments.errors.notFoundRotate') : t('environments.errors.notFound')
    case 'conflict':
      if (action === 'edit') return t('environments.errors.conflictEdit')
      if (action === 'delete' || action === 'archive')
        return t('environments.errors.conflictInUse', { server })
      return t('environments.errors.conflict', { server })
    case 'validation':
      return t('environments.errors.validation', { server })
    case 'unauthorized':
      return t('environments.errors.unauthorized')
    default:
      return server
  }
}

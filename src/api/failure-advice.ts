import { isApiError } from './api-error'
import { t } from '@/i18n'

/**
 * What to do after a failed save or submission, in one sentence that also says the input is
 * still there. Screens show it under the error itself, so a failure never ends in a dead end.
 */
export function failureAdvice(error: unknown): string {
  if (!isApiError(error)) return t('ui.advice.generic')
  switch (error.kind) {
    case 'network':
      return t('ui.advice.network')
    case 'server':
      return error.requestId
        ? t('ui.advice.serverWithId', { requestId: error.requestId })
        : t('ui.advice.server')
    case 'rate_limited':
      return error.retryAfterMs !== undefined
        ? t('ui.advice.rateLimitedFor', { seconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) })
        : t('ui.advice.rateLimited')
    case 'forbidden':
      return t('ui.advice.forbidden')
    case 'validation':
    case 'too_large':
      return t('ui.advice.validation')
    case 'conflict':
      return t('ui.advice.conflict')
    case 'unauthorized':
      return t('ui.advice.unauthorized')
    case 'not_found':
    case 'gone':
      return t('ui.advice.notFound')
    default:
      return t('ui.advice.generic')
  }
}

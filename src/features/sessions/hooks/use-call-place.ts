import { isApiError } from '@/api/api-error'
import type { ExportContext } from '@/data/sessions/export-manifest'
import { t } from '@/i18n'
import { environmentWithType } from '../models/environment-type-label'
import { useEnvironmentWork } from './use-environment-work'

/**
 * Where a session's tool calls ran, as the transcript, waterfall and tool records say it: the
 * environment's label, whether it is self-hosted (a work queue and workers), this session's work
 * items, and whether the environment is gone (404). Online it is read from the server; for an
 * opened file it comes from the file's manifest, so the file's cards read as they did online.
 */
export function useCallPlace(environmentId: string | null, fromFile: ExportContext | null = null) {
  const online = useEnvironmentWork(fromFile ? null : environmentId)
  if (fromFile) {
    const { environment } = fromFile
    return {
      // A file links nowhere on a server: no environment to open from it.
      environmentId: null,
      environmentLabel: environment
        ? environmentWithType(environment)
        : (fromFile.environmentId ?? t('sessions.none')),
      isSelfHosted: environment?.type === 'self_hosted',
      workItems: fromFile.workItems,
      isEnvironmentGone: fromFile.isEnvironmentGone,
      environmentError: null,
      work: null,
    }
  }
  const { environment, isSelfHosted, work } = online
  return {
    environmentId,
    environmentLabel: environment.data
      ? environmentWithType(environment.data)
      : (environmentId ?? t('sessions.none')),
    isSelfHosted,
    workItems: work.data,
    isEnvironmentGone:
      environment.isError && isApiError(environment.error) && environment.error.status === 404,
    environmentError: environment.isError ? environment.error : null,
    work,
  }
}

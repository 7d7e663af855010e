import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useReducer } from 'react'
import { useNavigate } from 'react-router'
import { useUpdateEnvironment } from '@/data/environments/mutations'
import { environmentQuery } from '@/data/environments/queries'
import {
  configChanges,
  configEditReducer,
  draftToKeep,
  editErrors,
  isBlocked,
  isDirty,
  nameChange,
  patchBody,
  startConfigEdit,
} from '../models/config-edit-session'
import type { Environment, EnvironmentType } from '../models/environment-types'
import { clearConfigDraft, loadConfigDraft, saveConfigDraft } from '../stores/config-draft'

/**
 * The config edit page's state (`models/config-edit-session.ts`) wired to the world: the draft in
 * sessionStorage follows every change, and saving re-reads the environment first (PATCH has no
 * version check, so the console does it), then PATCHes through the data layer.
 */
export function useConfigEditSession(environment: Environment, type: EnvironmentType) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const update = useUpdateEnvironment(environment.id)
  const [session, dispatch] = useReducer(configEditReducer, null, () =>
    startConfigEdit(environment, type, loadConfigDraft(environment.id)),
  )

  useEffect(() => {
    const draft = draftToKeep(session, Date.now())
    if (draft) saveConfigDraft(environment.id, draft)
    else clearConfigDraft(environment.id)
  }, [environment.id, session])

  async function save(options: { force?: boolean } = {}) {
    const body = patchBody(session)
    dispatch({ type: 'saveStarted' })
    try {
      if (!options.force) {
        const current = await queryClient.fetchQuery({ ...environmentQuery(environment.id), staleTime: 0 })
        if (current.updatedAt !== session.baseline.updatedAt) {
          dispatch({ type: 'conflictFound', server: current })
          return
        }
      }
      const saved = await update.mutateAsync(body)
      dispatch({ type: 'saved', environment: saved })
      // The page leaves now, possibly before the effect above sees the clean state.
      clearConfigDraft(environment.id)
      void navigate(`/environments/${encodeURIComponent(environment.id)}`)
    } catch (error) {
      dispatch({ type: 'saveFailed', error })
    }
  }

  return {
    session,
    dispatch,
    save,
    errors: session.showErrors ? editErrors(session) : {},
    isBlocked: isBlocked(session),
    isDirty: isDirty(session),
    changes: configChanges(session),
    nameChange: nameChange(session),
    body: patchBody(session),
  }
}

import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { updateEnvironment } from '@/data/environments/mutations'
import { environmentKeys } from '@/data/environments/keys'
import { environmentQuery } from '@/data/environments/queries'
import { diffConfig } from '../models/config-diff'
import { createEditorState, type ConfigEditorState } from '../models/config-editor-state'
import type { ConfigObject } from '../models/config-fields'
import type { Environment } from '../models/environment-types'
import { explainEnvironmentError } from '../models/explain-environment-error'
import { restoreSecrets } from '../models/redact-secrets'
import { clearConfigDraft, loadConfigDraft, saveConfigDraft } from '../stores/config-draft'

type Baseline = { name: string; config: ConfigObject; updatedAt: number }

function start(environment: Environment) {
  const draft = loadConfigDraft(environment.id)
  const baseline: Baseline = {
    name: environment.name,
    // An environment created without config reads `config: null`; the editor starts from nothing.
    config: environment.config ?? {},
    updatedAt: environment.updatedAt,
  }
  if (!draft)
    return {
      baseline,
      name: environment.name,
      editor: createEditorState(baseline.config),
      restoredAt: null,
    }
  // Secrets were never stored: they come back from the server's current config.
  const config = restoreSecrets(draft.config, baseline.config) as ConfigObject
  return {
    // The draft started from `baseUpdatedAt`; if the server moved since, saving shows the conflict.
    baseline: { ...baseline, updatedAt: draft.baseUpdatedAt },
    name: draft.name,
    editor: createEditorState(config),
    restoredAt: draft.savedAt,
  }
}

/**
 * One editing session over the current environment: the draft (kept in sessionStorage without
 * secrets), the diff against the version it started from, and a save that refuses to overwrite a
 * newer server version silently.
 */
export function useConfigEditSession(environment: Environment) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [initial] = useState(() => start(environment))
  const [baseline, setBaseline] = useState(initial.baseline)
  const [name, setName] = useState(initial.name)
  const [editor, setEditor] = useState<ConfigEditorState>(initial.editor)
  const [restoredAt, setRestoredAt] = useState(initial.restoredAt)
  const [conflict, setConflict] = useState<Environment | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  // The error itself, explained when rendered, so the message follows a language switch.
  const [saveFailure, setSaveFailure] = useState<{ error: unknown } | null>(null)
  const saveError = saveFailure ? explainEnvironmentError(saveFailure.error, 'edit') : null

  const isNameChanged = name.trim() !== baseline.name
  const changes = diffConfig(baseline.config, editor.config)
  const isDirty = isNameChanged || JSON.stringify(editor.config) !== JSON.stringify(baseline.config)
  const body = { ...(isNameChanged ? { name: name.trim() } : {}), config: editor.config }

  function remember(nextName: string, nextEditor: ConfigEditorState, base: Baseline = baseline) {
    const isClean =
      nextName.trim() === base.name && JSON.stringify(nextEditor.config) === JSON.stringify(base.config)
    if (isClean) clearConfigDraft(environment.id)
    else
      saveConfigDraft(environment.id, {
        name: nextName,
        config: nextEditor.config,
        baseUpdatedAt: base.updatedAt,
        savedAt: Date.now(),
      })
  }

  function reset(to: Environment) {
    const base = { name: to.name, config: to.config ?? {}, updatedAt: to.updatedAt }
    clearConfigDraft(environment.id)
    setBaseline(base)
    setName(to.name)
    setEditor(createEditorState(base.config))
    setRestoredAt(null)
    setConflict(null)
    setSaveFailure(null)
  }

  async function patch(): Promise<boolean> {
    try {
      await updateEnvironment(environment.id, body)
      clearConfigDraft(environment.id)
      await queryClient.invalidateQueries({ queryKey: environmentKeys.detail(environment.id) })
      void queryClient.invalidateQueries({ queryKey: environmentKeys.lists() })
      void navigate(`/environments/${encodeURIComponent(environment.id)}`)
      return true
    } catch (error) {
      setSaveFailure({ error })
      return false
    }
  }

  /** Re-reads the environment first: PATCH has no version check, so the console does it. */
  async function save(options: { force?: boolean } = {}): Promise<'saved' | 'conflict' | 'failed'> {
    setIsSaving(true)
    setSaveFailure(null)
    try {
      if (!options.force) {
        const fresh = await queryClient.fetchQuery({ ...environmentQuery(environment.id), staleTime: 0 })
        if (fresh.updatedAt !== baseline.updatedAt) {
          setConflict(fresh)
          return 'conflict'
        }
      }
      return (await patch()) ? 'saved' : 'failed'
    } catch (error) {
      setSaveFailure({ error })
      return 'failed'
    } finally {
      setIsSaving(false)
    }
  }

  return {
    baseline,
    name,
    editor,
    restoredAt,
    conflict,
    isSaving,
    saveError,
    /** The failure itself, so the screen can say what to do next. */
    saveFailure: saveFailure?.error ?? null,
    isDirty,
    changes,
    body,
    nameChange: isNameChanged ? { before: baseline.name, after: name.trim() } : null,
    setName: (next: string) => {
      setName(next)
      remember(next, editor)
    },
    setEditor: (next: ConfigEditorState) => {
      setEditor(next)
      remember(name, next)
    },
    save,
    reset,
    clearSaveError: () => setSaveFailure(null),
    /** Keep my version but compare it with (and base it on) the server's newer one. */
    rebaseOnConflict: () => {
      if (!conflict) return
      const base = { name: conflict.name, config: conflict.config ?? {}, updatedAt: conflict.updatedAt }
      setBaseline(base)
      setConflict(null)
      remember(name, editor, base)
    },
  }
}

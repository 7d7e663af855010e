import { diffConfig, type ConfigChange } from './config-diff'
import { createEditorState, type ConfigEditorState } from './config-editor-state'
import type { ConfigObject } from './config-fields'
import type { Environment, EnvironmentType } from './environment-types'
import { restoreSecrets } from './redact-secrets'
import { hasErrors, validateEnvironment, type ValidationErrors } from './validate-environment'

/**
 * An unsaved edit as kept in sessionStorage (`stores/config-draft.ts`), without secrets: a reload
 * or a failed save does not lose it, and secrets come back from the server's current config.
 */
export type ConfigDraft = {
  name: string
  config: ConfigObject
  /** `updatedAt` of the environment the draft started from, for conflict detection. */
  baseUpdatedAt: number
  savedAt: number
}

/** The version an edit started from; saving over a newer one is a conflict. */
export type EditBaseline = { name: string; config: ConfigObject | null; updatedAt: number }

/**
 * One editing session over an environment's name and config. PATCH has no version check and
 * replaces the whole config, so the session keeps the version it started from, compares with the
 * server before saving, and never drops the user's edit on a refusal.
 */
export type ConfigEditSession = {
  type: EnvironmentType
  baseline: EditBaseline
  name: string
  editor: ConfigEditorState
  /** When the restored draft was saved; null when the edit started from the server's version. */
  restoredAt: number | null
  /** Field errors are shown once the user asked to review, not while they type the first time. */
  showErrors: boolean
  isReviewOpen: boolean
  isSaving: boolean
  /** The newer server version found when saving, shown beside the edit. */
  conflict: Environment | null
  /** The last failed or refused save; explained when rendered, so it follows a language switch. */
  failure: { error: unknown } | null
}

export type ConfigEditAction =
  | { type: 'nameChanged'; name: string }
  | { type: 'editorChanged'; editor: ConfigEditorState }
  | { type: 'reviewRequested' }
  | { type: 'reviewClosed' }
  | { type: 'saveStarted' }
  | { type: 'conflictFound'; server: Environment }
  | { type: 'saveFailed'; error: unknown }
  | { type: 'saved'; environment: Environment }
  /** Start over from this version (discard the edit, or take the server's side of a conflict). */
  | { type: 'reset'; environment: Environment }
  /** Keep the edit but compare it with, and base it on, the conflicting server version. */
  | { type: 'rebasedOnConflict' }

const baselineOf = (environment: Environment): EditBaseline => ({
  name: environment.name,
  config: environment.config,
  updatedAt: environment.updatedAt,
})

const fresh = (environment: Environment, type: EnvironmentType): ConfigEditSession => ({
  type,
  baseline: baselineOf(environment),
  name: environment.name,
  // A config the environment was created without (null) is edited as an empty object.
  editor: createEditorState(environment.config ?? {}),
  restoredAt: null,
  showErrors: false,
  isReviewOpen: false,
  isSaving: false,
  conflict: null,
  failure: null,
})

/** The session for an environment, resuming the user's draft when one was kept. */
export function startConfigEdit(
  environment: Environment,
  type: EnvironmentType,
  draft: ConfigDraft | null,
): ConfigEditSession {
  const session = fresh(environment, type)
  if (!draft) return session
  // Secrets were never stored: they come back from the server's current config.
  const config = restoreSecrets(draft.config, environment.config ?? {}) as ConfigObject
  return {
    ...session,
    // The draft started from `baseUpdatedAt`; if the server moved since, saving shows the conflict.
    baseline: { ...session.baseline, updatedAt: draft.baseUpdatedAt },
    name: draft.name,
    editor: createEditorState(config),
    restoredAt: draft.savedAt,
  }
}

export function editErrors(state: ConfigEditSession): ValidationErrors {
  return validateEnvironment({ name: state.name, type: state.type, config: state.editor.config })
}

/** Saving is refused while a field is invalid or the Advanced JSON does not parse. */
export function isBlocked(state: ConfigEditSession): boolean {
  return hasErrors(editErrors(state)) || state.editor.jsonError !== null
}

const isNameChanged = (state: ConfigEditSession) => state.name.trim() !== state.baseline.name
const baseConfig = (state: ConfigEditSession) => state.baseline.config ?? {}

export function isDirty(state: ConfigEditSession): boolean {
  return isNameChanged(state) || JSON.stringify(state.editor.config) !== JSON.stringify(baseConfig(state))
}

export function configChanges(state: ConfigEditSession): ConfigChange[] {
  return diffConfig(baseConfig(state), state.editor.config)
}

export function nameChange(state: ConfigEditSession): { before: string; after: string } | null {
  return isNameChanged(state) ? { before: state.baseline.name, after: state.name.trim() } : null
}

/** The PATCH body: the name only when it changed, and always the whole config as an object. */
export function patchBody(state: ConfigEditSession): { name?: string; config: ConfigObject } {
  return { ...(isNameChanged(state) ? { name: state.name.trim() } : {}), config: state.editor.config }
}

/** What to keep in sessionStorage now: the draft, or null when there is nothing unsaved. */
export function draftToKeep(state: ConfigEditSession, now: number): ConfigDraft | null {
  if (!isDirty(state)) return null
  return {
    name: state.name,
    config: state.editor.config,
    baseUpdatedAt: state.baseline.updatedAt,
    savedAt: now,
  }
}

export function configEditReducer(state: ConfigEditSession, action: ConfigEditAction): ConfigEditSession {
  switch (action.type) {
    case 'nameChanged':
      return { ...state, name: action.name }
    case 'editorChanged':
      return { ...state, editor: action.editor }
    case 'reviewRequested':
      return isBlocked(state)
        ? { ...state, showErrors: true }
        : { ...state, showErrors: true, isReviewOpen: true, failure: null }
    case 'reviewClosed':
      return { ...state, isReviewOpen: false }
    case 'saveStarted':
      return { ...state, isSaving: true, failure: null }
    case 'conflictFound':
      return { ...state, isSaving: false, isReviewOpen: false, conflict: action.server }
    case 'saveFailed':
      return { ...state, isSaving: false, failure: { error: action.error } }
    case 'saved':
      return fresh(action.environment, state.type)
    case 'reset':
      return fresh(action.environment, state.type)
    case 'rebasedOnConflict':
      return state.conflict ? { ...state, baseline: baselineOf(state.conflict), conflict: null } : state
  }
}

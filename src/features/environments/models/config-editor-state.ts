import type { ConfigObject } from './config-fields'
import { isRecord } from '@/lib/read-fields'
import { redactSecrets, restoreSecrets } from './redact-secrets'
import { t } from '@/i18n'

export type ConfigEditorTab = 'form' | 'json'

/**
 * The config being edited is one object; the typed form and the Advanced JSON text are two views
 * of it. While the JSON text does not parse, the object keeps its last good value and the form
 * tab cannot be opened, so the two never disagree.
 */
export type ConfigEditorState = {
  config: ConfigObject
  tab: ConfigEditorTab
  jsonText: string
  jsonError: string | null
}

function configToJsonText(config: ConfigObject): string {
  return JSON.stringify(redactSecrets(config), null, 2)
}

export function createEditorState(config: ConfigObject): ConfigEditorState {
  return { config, tab: 'form', jsonText: configToJsonText(config), jsonError: null }
}

export function editFromForm(state: ConfigEditorState, config: ConfigObject): ConfigEditorState {
  return { ...state, config, jsonText: configToJsonText(config), jsonError: null }
}

export function editJsonText(state: ConfigEditorState, text: string): ConfigEditorState {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return {
      ...state,
      jsonText: text,
      jsonError:
        error instanceof Error
          ? t('environments.editor.invalidJson', { detail: error.message })
          : t('environments.editor.invalidJsonUnknown'),
    }
  }
  if (!isRecord(parsed)) return { ...state, jsonText: text, jsonError: t('environments.editor.notAnObject') }
  return {
    ...state,
    jsonText: text,
    jsonError: null,
    config: restoreSecrets(parsed, state.config) as ConfigObject,
  }
}

/** Switching to the form is refused while the JSON is broken; the error says why. */
export function switchTab(state: ConfigEditorState, tab: ConfigEditorTab): ConfigEditorState {
  if (tab === state.tab || (tab === 'form' && state.jsonError)) return state
  return tab === 'json'
    ? { ...state, tab, jsonText: configToJsonText(state.config), jsonError: null }
    : { ...state, tab }
}

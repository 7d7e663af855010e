import { describe, expect, it } from 'vitest'
import { createEditorState, editFromForm, editJsonText, switchTab } from './config-editor-state'
import { SECRET_PLACEHOLDER } from './redact-secrets'

const config = { apiKey: 'e2b_secret', runnerLabels: { a: [1, { b: null }] }, templateId: 'base' }

describe('config editor state', () => {
  it('shows the JSON view without the secret and keeps the secret when the text is edited', () => {
    const state = switchTab(createEditorState(config), 'json')
    expect(state.jsonText).not.toContain('e2b_secret')
    expect(state.jsonText).toContain(SECRET_PLACEHOLDER)
    const edited = editJsonText(state, state.jsonText.replace('"base"', '"python"'))
    expect(edited.jsonError).toBeNull()
    expect(JSON.stringify(edited.config)).toBe(JSON.stringify({ ...config, templateId: 'python' }))
  })

  it('keeps the last good config while the JSON is broken and refuses the form tab', () => {
    const state = switchTab(createEditorState(config), 'json')
    const broken = editJsonText(state, '{ "templateId": ')
    expect(broken.jsonError).toMatch(/Not valid JSON/)
    expect(broken.config).toBe(state.config)
    expect(switchTab(broken, 'form').tab).toBe('json')
    expect(editJsonText(state, '[1]').jsonError).toBe('The config must be a JSON object: { … }.')
  })

  it('form edits update the JSON text', () => {
    const state = editFromForm(createEditorState(config), { ...config, templateId: 'r' })
    expect(JSON.parse(state.jsonText)).toMatchObject({ templateId: 'r' })
  })
})

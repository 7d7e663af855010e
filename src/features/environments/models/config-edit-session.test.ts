import { describe, expect, it } from 'vitest'
import { editFromForm } from './config-editor-state'
import {
  configChanges,
  configEditReducer,
  draftToKeep,
  editErrors,
  isBlocked,
  isDirty,
  patchBody,
  startConfigEdit,
  type ConfigEditAction,
  type ConfigEditSession,
} from './config-edit-session'
import type { Environment } from './environment-types'
import { redactSecrets } from './redact-secrets'

const sandbox: Environment = {
  id: 'env_1',
  name: 'e2b-python',
  type: 'sandbox',
  config: { templateId: 'base', apiKey: 'e2b_secret', runnerLabels: ['gpu'] },
  ownerId: 'u_alice',
  createdAt: 1_000,
  updatedAt: 2_000,
  archivedAt: null,
}

const run = (state: ConfigEditSession, ...actions: ConfigEditAction[]) =>
  actions.reduce(configEditReducer, state)

const withConfig = (state: ConfigEditSession, config: Record<string, unknown>) =>
  run(state, { type: 'editorChanged', editor: editFromForm(state.editor, config) })

describe('config edit session', () => {
  it('starts clean from the server version and becomes dirty on a change, clean again when undone', () => {
    const start = startConfigEdit(sandbox, 'sandbox', null)
    expect(isDirty(start)).toBe(false)
    expect(draftToKeep(start, 5)).toBeNull()
    const edited = withConfig(start, { ...sandbox.config, templateId: 'python' })
    expect(isDirty(edited)).toBe(true)
    expect(configChanges(edited)).toEqual([
      { path: 'templateId', key: 'templateId', change: 'changed', before: 'base', after: 'python' },
    ])
    expect(isDirty(withConfig(edited, { ...sandbox.config }))).toBe(false)
    expect(isDirty(run(start, { type: 'nameChanged', name: ' e2b-python ' }))).toBe(false)
  })

  it('sends the whole config, and the name only when it changed', () => {
    const start = startConfigEdit(sandbox, 'sandbox', null)
    expect(patchBody(withConfig(start, { ...sandbox.config, templateId: 'python' }))).toEqual({
      config: { ...sandbox.config, templateId: 'python' },
    })
    expect(patchBody(run(start, { type: 'nameChanged', name: ' renamed ' }))).toEqual({
      name: 'renamed',
      config: sandbox.config,
    })
  })

  it('edits a config the environment was created without (null) and sends an object', () => {
    const bare: Environment = { ...sandbox, type: 'local', config: null }
    const start = startConfigEdit(bare, 'local', null)
    expect(start.editor.config).toEqual({})
    expect(isDirty(start)).toBe(false)
    const renamed = run(start, { type: 'nameChanged', name: 'default-local-2' })
    expect(patchBody(renamed)).toEqual({ name: 'default-local-2', config: {} })
    const scoped = withConfig(start, { isolationScope: 'USER' })
    expect(configChanges(scoped)).toEqual([
      { path: 'isolationScope', key: 'isolationScope', change: 'added', after: 'USER' },
    ])
    expect(patchBody(scoped)).toEqual({ config: { isolationScope: 'USER' } })
  })

  it('refuses to open the review while a field is invalid, and shows the errors from then on', () => {
    const start = startConfigEdit(sandbox, 'sandbox', null)
    const invalid = withConfig(start, { ...sandbox.config, workspaceRoot: 'relative/path' })
    expect(editErrors(invalid)['config.workspaceRoot']).toBeTruthy()
    const asked = run(invalid, { type: 'reviewRequested' })
    expect(asked).toMatchObject({ isReviewOpen: false, showErrors: true })
    const fixed = withConfig(asked, { ...sandbox.config, workspaceRoot: '/srv' })
    expect(isBlocked(fixed)).toBe(false)
    expect(run(fixed, { type: 'reviewRequested' }).isReviewOpen).toBe(true)
  })

  it('refuses a memoryAccess value the server would refuse (C8) before sending', () => {
    const start = startConfigEdit(sandbox, 'sandbox', null)
    const wrong = withConfig(start, { ...sandbox.config, memoryAccess: { ms_1: 'write' } })
    expect(isBlocked(wrong)).toBe(true)
    expect(run(wrong, { type: 'reviewRequested' }).isReviewOpen).toBe(false)
    expect(isBlocked(withConfig(start, { ...sandbox.config, memoryAccess: { ms_1: 'read_write' } }))).toBe(
      false,
    )
  })

  it('on a conflict closes the review, keeps the edit, and can rebase it on the server version', () => {
    const edited = run(
      withConfig(startConfigEdit(sandbox, 'sandbox', null), { ...sandbox.config, templateId: 'py' }),
      {
        type: 'reviewRequested',
      },
    )
    const server: Environment = {
      ...sandbox,
      config: { ...sandbox.config, addedElsewhere: true },
      updatedAt: 9_000,
    }
    const conflicted = run(edited, { type: 'saveStarted' }, { type: 'conflictFound', server })
    expect(conflicted).toMatchObject({ isSaving: false, isReviewOpen: false, conflict: server })
    expect(conflicted.editor.config.templateId).toBe('py')

    const rebased = run(conflicted, { type: 'rebasedOnConflict' })
    expect(rebased.conflict).toBeNull()
    expect(rebased.baseline.updatedAt).toBe(9_000)
    expect(configChanges(rebased).map((change) => [change.path, change.change])).toEqual([
      ['templateId', 'changed'],
      ['addedElsewhere', 'removed'],
    ])

    const tookTheirs = run(conflicted, { type: 'reset', environment: server })
    expect(isDirty(tookTheirs)).toBe(false)
    expect(tookTheirs.conflict).toBeNull()
  })

  it('keeps the edit and the open review when the server refuses the save', () => {
    const edited = run(
      withConfig(startConfigEdit(sandbox, 'sandbox', null), { ...sandbox.config, templateId: 'py' }),
      {
        type: 'reviewRequested',
      },
    )
    const error = new Error('403')
    const refused = run(edited, { type: 'saveStarted' }, { type: 'saveFailed', error })
    expect(refused).toMatchObject({ isSaving: false, isReviewOpen: true, failure: { error } })
    expect(isDirty(refused)).toBe(true)
    expect(run(refused, { type: 'saveStarted' }).failure).toBeNull()
  })

  it('is clean after a save, based on the saved version', () => {
    const edited = withConfig(startConfigEdit(sandbox, 'sandbox', null), {
      ...sandbox.config,
      templateId: 'py',
    })
    const saved: Environment = { ...sandbox, config: edited.editor.config, updatedAt: 3_000 }
    const after = run(edited, { type: 'saveStarted' }, { type: 'saved', environment: saved })
    expect(isDirty(after)).toBe(false)
    expect(after).toMatchObject({ isSaving: false, isReviewOpen: false, baseline: { updatedAt: 3_000 } })
  })

  it('survives a reload through the kept draft, without ever storing the secret', () => {
    const edited = run(
      withConfig(startConfigEdit(sandbox, 'sandbox', null), { ...sandbox.config, templateId: 'py' }),
      {
        type: 'nameChanged',
        name: 'renamed',
      },
    )
    const draft = draftToKeep(edited, 4_000)
    if (!draft) throw new Error('no draft')
    // What the store writes: the draft with secrets replaced by the placeholder.
    const stored = { ...draft, config: redactSecrets(draft.config) as Record<string, unknown> }
    expect(JSON.stringify(stored)).not.toContain('e2b_secret')

    const reloaded = startConfigEdit(sandbox, 'sandbox', stored)
    expect(reloaded.restoredAt).toBe(4_000)
    expect(reloaded.name).toBe('renamed')
    expect(reloaded.editor.config).toEqual({ ...sandbox.config, templateId: 'py' })
    expect(reloaded.baseline.updatedAt).toBe(sandbox.updatedAt)
  })

  it('resumes a draft against a server that moved on, so saving will show the conflict', () => {
    const draft = { name: 'e2b-python', config: { templateId: 'py' }, baseUpdatedAt: 2_000, savedAt: 4_000 }
    const moved: Environment = { ...sandbox, updatedAt: 8_000 }
    expect(startConfigEdit(moved, 'sandbox', draft).baseline.updatedAt).toBe(2_000)
  })
})

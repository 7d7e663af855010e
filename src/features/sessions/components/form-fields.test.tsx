import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT, SESSION } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

describe('sessions form fields', () => {
  it('go through Field, ChoiceField and FieldGroup, never a hand-made <label> or <fieldset>', () => {
    const dir = import.meta.dirname
    const raw = readdirSync(dir)
      .filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
      .filter((name) => /<(label|fieldset|legend)[\s>]/.test(readFileSync(join(dir, name), 'utf8')))
    expect(raw).toEqual([])
  })

  it('wire hints to their controls: the compare positions describe the event they point at', async () => {
    const app = await renderApp(`/sessions/${SESSION.buildDone}?tab=snapshot`, { namespace: 'default' })
    activeServer = app.server
    const from = await screen.findByRole('spinbutton', { name: /^From event/ }, { timeout: 5000 })
    expect(from).toHaveAccessibleDescription(/^[a-z_]+\.[a-z_.]+ · /)
  })

  it('group the environment choice under its question, with the environment picker described', async () => {
    const app = await renderApp('/sessions', { namespace: 'default' })
    activeServer = app.server
    await userEvent.click(await screen.findByRole('button', { name: 'New session' }))
    const dialog = await screen.findByRole('dialog', { name: 'New session' })
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Agent' }),
      AGENT.releaseHelper,
    )
    const group = within(dialog).getByRole('group', { name: 'Environment for this session' })
    expect(within(group).getAllByRole('radio')).toHaveLength(2)
    await userEvent.click(within(group).getByRole('radio', { name: /for this session only/ }))
    expect(within(group).getByRole('combobox', { name: 'Environment' })).toHaveAccessibleDescription(
      'The agent’s default stays as it is; only this session uses it.',
    )
  })
})

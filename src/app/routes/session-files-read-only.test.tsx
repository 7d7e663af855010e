import { act, screen } from '@testing-library/react'
import type { setupServer } from 'msw/node'
import { afterEach, expect, it } from 'vitest'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { MORE_SESSIONS } from '@/mocks/seed/seed-sessions'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

it('the Files & artifacts tab shows a viewer the lists read-only, with the reason', async () => {
  const app = await renderApp(`/sessions/${MORE_SESSIONS.fresh}?tab=files`, { namespace: 'default' })
  activeServer = app.server
  // The session's owner holding only the viewer role: what the screen offers follows the role.
  act(() => {
    const { user } = useAuthStore.getState()
    if (user) useAuthStore.setState({ user: { ...user, roles: ['viewer'] } })
  })
  expect(
    await screen.findByText(/Your role \(viewer\) can list and download files/, {}, { timeout: 10_000 }),
  ).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Files' })).toBeInTheDocument()
  expect(screen.queryByLabelText('File')).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument()
})

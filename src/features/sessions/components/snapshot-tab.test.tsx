import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { MORE_SESSIONS } from '@/mocks/seed/seed-sessions'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

describe('snapshot tab', () => {
  it('shows a snapshot whose answer has no usage and a resource list of the wrong type', async () => {
    const app = await renderApp(`/sessions/${MORE_SESSIONS.fresh}?tab=snapshot`, {
      namespace: 'default',
      handlers: [
        http.get('*/api/v1/agent-sessions/:session/snapshot', () =>
          HttpResponse.json({
            as_of: 'cur_older_server',
            turns: [{ type: 'turn', data: { turn_id: 'turn_9', status: 'completed' } }],
            tools: {},
          }),
        ),
      ],
    })
    activeServer = app.server
    expect(await screen.findByText('cur_older_server', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText(/0 model calls · 0 input \/ 0 output tokens/)).toBeInTheDocument()
    expect(screen.getByText('turn_9')).toBeInTheDocument()
  })
})

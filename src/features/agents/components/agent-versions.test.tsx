import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT, ENV } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

describe('Versions tab', () => {
  it('reads the upstream history {versions:[{version, snapshot, createdAt}]} and fetches a version sent without its snapshot', async () => {
    const app = await renderApp(`/agents/${AGENT.releaseHelper}`, { namespace: 'default' })
    activeServer = app.server
    await screen.findByRole('heading', { level: 1, name: 'release-helper' }, { timeout: 10_000 })
    const singles: string[] = []
    app.server.use(
      http.get('*/api/v1/agents/:agentId/versions', ({ params }) =>
        HttpResponse.json({
          agentId: params.agentId,
          versions: [
            {
              version: 3,
              snapshot: { name: 'release-helper', defaultEnvironmentId: ENV.labBox },
              createdAt: '2026-10-31T09:00:00Z',
            },
            // Sent without its snapshot: read on its own.
            { version: 2, createdAt: '2026-10-30T09:00:00Z' },
            {
              version: 1,
              snapshot: { name: 'release-helper', model: 'qwen-plus' },
              createdAt: 1_790_000_000_000,
            },
          ],
        }),
      ),
      http.get('*/api/v1/agents/:agentId/versions/:version', ({ params }) => {
        singles.push(String(params.version))
        return HttpResponse.json({
          agentId: params.agentId,
          version: {
            version: 2,
            snapshot: { name: 'release-helper', model: 'qwen-plus', defaultEnvironmentId: ENV.buildWorkers },
            createdAt: '2026-10-30T09:00:00Z',
          },
        })
      }),
    )
    await app.queryClient.invalidateQueries()
    await userEvent.click(screen.getByRole('tab', { name: 'Versions' }))

    const table = await screen.findByRole('table', { name: 'Definition versions' })
    const rowOf = (version: string) => {
      const row = within(table).getByRole('rowheader', { name: version }).closest('tr')
      if (!row) throw new Error(`no row for version ${version}`)
      return within(row)
    }
    expect(await rowOf('2').findByText('build-workers')).toBeInTheDocument()
    expect(singles).toEqual(['2'])
    expect(rowOf('2').getByText('default set')).toBeInTheDocument()
    expect(rowOf('2').getByText('defaultEnvironmentId')).toBeInTheDocument()
    expect(rowOf('3').getByText('lab-gpu-box')).toBeInTheDocument()
    expect(rowOf('3').getByText('changed from build-workers')).toBeInTheDocument()
    expect(rowOf('1').getByText('none')).toBeInTheDocument()
  })
})

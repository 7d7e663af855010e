import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { ENV, MEMORY } from '@/mocks/seed/fixture-ids'
import { setLocale } from '@/i18n'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

type App = Awaited<ReturnType<typeof renderApp>>

async function open(path: string, user: 'alice' | 'bob' = 'alice') {
  const app = await renderApp(path, { user, namespace: 'default' })
  activeServer = app.server
  // The first screen of a test file loads its lazy route chunk cold, which can take seconds.
  await screen.findAllByRole('heading', { level: 1 }, { timeout: 10_000 })
  return app
}

/** The raw text of every PATCH of an environment, exactly as the server received it. */
function recordPatches(app: App): string[] {
  const bodies: string[] = []
  app.server.events.on('request:start', ({ request }) => {
    if (request.method === 'PATCH' && new URL(request.url).pathname.startsWith('/api/environments/')) {
      void request
        .clone()
        .text()
        .then((text) => bodies.push(text))
    }
  })
  return bodies
}

function stored(app: App, id: string) {
  const record = app.backend.db.environments.get(id)
  if (!record) throw new Error(`no environment ${id}`)
  return record
}

describe('config editor', () => {
  it('sends the whole config back with unknown keys byte-for-byte', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.edgeRunner}/edit`)
    const patches = recordPatches(app)
    const before = structuredClone(stored(app, ENV.edgeRunner).environment.config ?? {})

    await user.selectOptions(await screen.findByLabelText(/Isolation scope/), 'AGENT')
    expect(
      screen.getByText(/“packages”, “network”, “exposedPorts” are stored but not enforced/),
    ).toBeInTheDocument()
    expect(screen.getByText(/“runnerLabels” is a key the console does not know/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    const review = await screen.findByRole('dialog', { name: 'Review changes' })
    const diff = within(review).getByRole('table', { name: 'Config changes to save' })
    expect(within(diff).getAllByRole('row')).toHaveLength(2)
    expect(within(diff).getByRole('rowheader', { name: 'isolationScope' })).toBeInTheDocument()
    await user.click(within(review).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(patches).toHaveLength(1))
    const expected = Object.fromEntries(
      Object.entries(before).map(([key, value]) => [key, key === 'isolationScope' ? 'AGENT' : value]),
    )
    expect(patches[0]).toBe(JSON.stringify({ config: expected }))
    await waitFor(() => expect(app.location.pathname).toBe(`/environments/${ENV.edgeRunner}`))
    expect(JSON.stringify(stored(app, ENV.edgeRunner).environment.config)).toBe(JSON.stringify(expected))
  })

  it('keeps unknown keys through an Advanced JSON edit and never shows the E2B secret', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.e2bPython}/edit`)
    const patches = recordPatches(app)
    const before = structuredClone(stored(app, ENV.e2bPython).environment.config ?? {})
    await user.click(await screen.findByRole('tab', { name: 'Advanced JSON' }))
    const json = screen.getByLabelText<HTMLTextAreaElement>('Config (JSON object)')
    expect(json.value).not.toContain(String(before.apiKey))
    const edited = json.value.replace('"python-data-3-12"', '"python-data-3-13"')
    await user.clear(json)
    await user.click(json)
    await user.paste(edited)
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    const review = await screen.findByRole('dialog', { name: 'Review changes' })
    await user.click(within(review).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(patches).toHaveLength(1))
    expect(patches[0]).toBe(JSON.stringify({ config: { ...before, templateId: 'python-data-3-13' } }))
  })

  it('shows both versions instead of overwriting when the environment changed meanwhile', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.buildWorkers}/edit`)
    const patches = recordPatches(app)
    await user.selectOptions(await screen.findByLabelText(/Isolation scope/), 'USER')

    const record = stored(app, ENV.buildWorkers)
    record.environment = {
      ...record.environment,
      config: { ...record.environment.config, addedElsewhere: true },
      updatedAt: record.environment.updatedAt + 60_000,
    }
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Review changes' })).getByRole('button', {
        name: 'Save',
      }),
    )

    const conflict = await screen.findByRole('dialog', {
      name: 'The environment changed while you were editing',
    })
    expect(within(conflict).getByRole('region', { name: 'Server version now' })).toHaveTextContent(
      'addedElsewhere',
    )
    expect(within(conflict).getByRole('region', { name: 'Your version' })).toHaveTextContent('"USER"')
    expect(patches).toEqual([])

    await user.click(within(conflict).getByRole('button', { name: 'Keep editing mine' }))
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    const review = await screen.findByRole('dialog', { name: 'Review changes' })
    // Now compared with the server's newer version: saving mine would remove its new key.
    expect(within(review).getByRole('rowheader', { name: 'addedElsewhere' })).toBeInTheDocument()
    await user.click(within(review).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(patches).toHaveLength(1))
    expect(JSON.parse(patches[0] ?? '{}')).toEqual({
      config: { isolationScope: 'USER', memoryAccess: { mem_runbooks00001: 'read_only' } },
    })
  })

  it('keeps an unsaved draft across a reload, without the secret, and restores the secret from the server', async () => {
    const user = userEvent.setup()
    const first = await open(`/environments/${ENV.e2bPython}/edit`)
    const secret = String(stored(first, ENV.e2bPython).environment.config?.apiKey)
    const template = await screen.findByLabelText(/E2B template/)
    await user.clear(template)
    await user.type(template, 'python-gpu')
    const draft = sessionStorage.getItem(`asc.environments.draft.${ENV.e2bPython}`) ?? ''
    expect(draft).toContain('python-gpu')
    expect(draft).not.toContain(secret)
    first.unmount()
    first.server.close()

    const app = await open(`/environments/${ENV.e2bPython}/edit`)
    const patches = recordPatches(app)
    expect(await screen.findByText('Unsaved draft restored')).toBeInTheDocument()
    expect(screen.getByLabelText(/E2B template/)).toHaveValue('python-gpu')
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Review changes' })).getByRole('button', {
        name: 'Save',
      }),
    )
    await waitFor(() => expect(patches).toHaveLength(1))
    expect(JSON.parse(patches[0] ?? '{}')).toMatchObject({
      config: { templateId: 'python-gpu', apiKey: secret },
    })
    expect(sessionStorage.getItem(`asc.environments.draft.${ENV.e2bPython}`)).toBeNull()
  })

  it('explains a 409 in words and keeps the edit', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.sharedDocs}/edit`)
    app.server.use(
      http.patch('*/api/environments/:id', () =>
        HttpResponse.json({ error: 'environment is archived' }, { status: 409 }),
      ),
    )
    await user.selectOptions(await screen.findByLabelText(/Isolation scope/), 'USER')
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    const review = await screen.findByRole('dialog', { name: 'Review changes' })
    await user.click(within(review).getByRole('button', { name: 'Save' }))
    expect(await within(review).findByRole('alert')).toHaveTextContent(
      /archived, so the server refuses changes/,
    )
    expect(screen.getByLabelText(/Isolation scope/)).toHaveValue('USER')
  })

  it('turns read-only when the environment was archived meanwhile', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.sharedDocs}/edit`)
    await user.selectOptions(await screen.findByLabelText(/Isolation scope/), 'USER')
    const record = stored(app, ENV.sharedDocs)
    record.environment = { ...record.environment, archivedAt: record.environment.updatedAt }
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Review changes' })).getByRole('button', {
        name: 'Save',
      }),
    )
    expect(await screen.findByText('Archived environments are read-only')).toBeInTheDocument()
  })

  it('offers only read_only and read_write for memory access, and refuses another stored value before sending', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.buildWorkers}`)
    const patches = recordPatches(app)
    await screen.findByRole('heading', { level: 1, name: 'build-workers' })
    const record = stored(app, ENV.buildWorkers)
    // An older server stored any value; the current one answers 400 to anything else (C8).
    app.server.use(
      http.get('*/api/environments/:id', ({ params }) =>
        params.id === ENV.buildWorkers
          ? HttpResponse.json({
              ...record.environment,
              config: { isolationScope: 'SESSION', memoryAccess: { [MEMORY.runbooks]: 'write' } },
            })
          : undefined,
      ),
    )
    await app.queryClient.invalidateQueries()
    await screen.findByText(/"write"/)
    const [edit] = screen.getAllByRole('link', { name: 'Edit config' })
    if (!edit) throw new Error('no edit link')
    await user.click(edit)

    const access = await screen.findByRole('combobox', { name: /Access for/ })
    const options = within(access).getAllByRole('option')
    expect(options.map((option) => [option.textContent, (option as HTMLOptionElement).disabled])).toEqual([
      ['write: not accepted, choose read_only or read_write', true],
      ['read_only', false],
      ['read_write', false],
    ])
    expect(access).toHaveAttribute('aria-invalid', 'true')
    await user.selectOptions(await screen.findByLabelText(/Isolation scope/), 'USER')
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    expect(await screen.findByText('Fix the fields marked above before saving.')).toBeInTheDocument()
    expect(screen.getByText(/the server refuses any other value\./)).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Review changes' })).not.toBeInTheDocument()

    await user.selectOptions(access, 'read_write')
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Review changes' })).getByRole('button', {
        name: 'Save',
      }),
    )
    await waitFor(() => expect(patches).toHaveLength(1))
    expect(JSON.parse(patches[0] ?? '{}')).toEqual({
      config: { isolationScope: 'USER', memoryAccess: { [MEMORY.runbooks]: 'read_write' } },
    })
  })

  it('offers a viewer no editor', async () => {
    await open(`/environments/${ENV.buildWorkers}/edit`, 'bob')
    expect(await screen.findByText(/Your role \(viewer\)/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Review changes' })).not.toBeInTheDocument()
  })

  it.each([
    ['en', ['Server default (each session)', 'Each session', 'Each user', 'Each agent', 'Everyone']],
    ['zh-CN', ['服务器默认值（每个会话）', '每个会话', '每个用户', '每个智能体', '所有人']],
  ] as const)(
    'names the isolation scopes in words, saving the server’s values (%s)',
    async (locale, labels) => {
      await setLocale(locale)
      try {
        const user = userEvent.setup()
        await open(`/environments/${ENV.buildWorkers}/edit`)
        const select = await screen.findByLabelText(locale === 'en' ? /Isolation scope/ : /隔离范围/)
        expect(
          within(select)
            .getAllByRole('option')
            .map((option) => option.textContent),
        ).toEqual(labels)
        await user.selectOptions(select, labels[2])
        expect(select).toHaveValue('USER')
      } finally {
        await setLocale('en')
      }
    },
  )
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { MORE_SESSIONS } from '@/mocks/seed/seed-sessions'
import { renderApp } from '@/testing/render-app'

const SESSION = MORE_SESSIONS.fresh
const FILES = `*/api/v1/agent-sessions/${SESSION}/files`

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

async function openFiles(options: Parameters<typeof renderApp>[1] = {}) {
  const app = await renderApp(`/sessions/${SESSION}?tab=files`, { namespace: 'default', ...options })
  activeServer = app.server
  const sent: Request[] = []
  app.server.events.on('request:start', ({ request }) => {
    if (request.method !== 'GET') sent.push(request.clone())
  })
  return { app, sent }
}

async function uploadFile(file: File) {
  // The tab's code loads on first use.
  await userEvent.upload(await screen.findByLabelText('File', {}, { timeout: 10_000 }), file)
  await userEvent.click(screen.getByRole('button', { name: 'Upload' }))
}

describe('Files & artifacts tab', () => {
  it('uploads the raw bytes under a percent-encoded name and lists the file with type, size and sha256', async () => {
    const { sent } = await openFiles()
    await uploadFile(new File(['hello'], 'plan <b>v2</b>.txt', { type: 'text/plain' }))
    const table = await screen.findByRole('table')
    const row = await within(table).findByRole('row', { name: /plan <b>v2<\/b>\.txt/ })
    expect(row).toHaveTextContent('text/plain')
    expect(row).toHaveTextContent('5 B')
    // sha256("hello")
    expect(row).toHaveTextContent('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824')
    expect(screen.queryByText('v2', { selector: 'b' })).not.toBeInTheDocument()
    const upload = sent.find((request) => new URL(request.url).pathname.endsWith('/files'))
    expect(upload?.headers.get('X-File-Name')).toBe(encodeURIComponent('plan <b>v2</b>.txt'))
    expect(upload?.headers.get('Content-Type')).toBe('text/plain')
    expect(await upload?.text()).toBe('hello')
  })

  it('says the 16 MiB limit before sending and sends nothing larger', async () => {
    const { sent } = await openFiles()
    expect(await screen.findByText(/Up to 16 MiB per file/)).toBeInTheDocument()
    const big = new File(['x'], 'huge.bin')
    Object.defineProperty(big, 'size', { value: 16 * 1024 * 1024 + 1 })
    await userEvent.upload(screen.getByLabelText('File'), big)
    expect(
      await screen.findByText(/more than the server’s 16 MiB limit per file\. Nothing was sent/),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled()
    expect(sent).toEqual([])
  })

  it('explains a 413 from the server in plain words', async () => {
    await openFiles({
      handlers: [
        http.post(FILES, () =>
          HttpResponse.json({ status: 413, error: 'Payload Too Large', message: '' }, { status: 413 }),
        ),
      ],
    })
    await uploadFile(new File(['x'], 'a.txt', { type: 'text/plain' }))
    expect(await screen.findByText(/The server refused the file as too large \(413\)/)).toBeInTheDocument()
  })

  it('shows the server’s 400 words for a reference with credentials', async () => {
    await openFiles()
    await userEvent.type(await screen.findByLabelText('Name'), 'Build log')
    await userEvent.type(screen.getByLabelText('https URI'), 'https://user:pw@example.com/log')
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }))
    expect(
      await screen.findByText(/Artifact publication requires an HTTPS reference without credentials/),
    ).toBeInTheDocument()
  })

  it('says before sending that only https references can be published', async () => {
    await openFiles()
    await userEvent.type(await screen.findByLabelText('Name'), 'Build log')
    await userEvent.type(screen.getByLabelText('https URI'), 'http://example.com/log')
    expect(screen.getByText(/Only https references can be published/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled()
  })

  it('publishes an uploaded file and revokes it after confirming', async () => {
    const { sent } = await openFiles()
    await uploadFile(new File(['report'], 'report.txt', { type: 'text/plain' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Publish report.txt as an artifact' }))
    const artifacts = await screen.findByRole('region', { name: 'Artifacts' })
    expect(await within(artifacts).findByText('Published')).toBeInTheDocument()
    await userEvent.click(within(artifacts).getByRole('button', { name: 'Revoke report.txt' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this artifact?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    expect(await within(artifacts).findByText('Revoked')).toBeInTheDocument()
    expect(sent.map((request) => request.method)).toEqual(['POST', 'POST', 'DELETE'])
  })

  it('says once that the server does not offer files when it answers 404', async () => {
    await openFiles({
      handlers: [
        http.get(FILES, () => HttpResponse.json({ status: 404 }, { status: 404 })),
        http.get(`*/api/v1/agent-sessions/${SESSION}/artifacts`, () =>
          HttpResponse.json({ status: 404 }, { status: 404 }),
        ),
      ],
    })
    expect(
      await screen.findByText(/This server does not offer session files or artifacts/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('attaches an uploaded file to a new turn as a file part', async () => {
    const { sent } = await openFiles()
    await uploadFile(new File(['data'], 'input.csv', { type: 'text/csv' }))
    await screen.findByRole('row', { name: /input\.csv/ })
    await userEvent.click(screen.getByText('Attach files', { selector: 'summary' }))
    await userEvent.click(await screen.findByRole('checkbox', { name: /input\.csv/ }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Summarise the file')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(sent.some((request) => request.url.endsWith('/turns'))).toBe(true))
    const turn = sent.find((request) => request.url.endsWith('/turns'))
    const body = (await turn?.json()) as { input: { content: { type: string; file_id?: string }[] }[] }
    expect(body.input[0]?.content.map((part) => part.type)).toEqual(['text', 'file'])
    expect(body.input[0]?.content[1]?.file_id).toMatch(/^file_/)
  })
})

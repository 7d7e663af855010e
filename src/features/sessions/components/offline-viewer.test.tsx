import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { buildExportFile } from '@/data/sessions/export-manifest'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

const SESSION = 'sess_filetest001'
let seq = 0
function event(type: string, data: Record<string, unknown>): string {
  seq += 1
  return JSON.stringify({
    schema_version: 1,
    id: `evt_f_${seq}`,
    type,
    session_id: SESSION,
    created_at: 1_767_000_000_000 + seq * 1000,
    cursor: `cur_${seq}`,
    data,
  })
}
const message = (id: string, role: string, text: string) => ({
  turn_id: 'turn_1',
  item_id: id,
  item: { id, type: 'message', role, content: [{ type: 'text', text }] },
})

async function openFile(name: string, content: BlobPart[]) {
  const input = await screen.findByLabelText('Export file', {}, { timeout: 5000 })
  fireEvent.change(input, { target: { files: [new File(content, name, { type: 'application/x-ndjson' })] } })
}

describe('offline viewer', () => {
  it('shows an export read from the file, checked against its manifest, with no request to any server', async () => {
    const app = await renderApp('/sessions-file', { namespace: 'default' })
    activeServer = app.server
    const body = new TextEncoder().encode(
      [
        event('turn.accepted', { turn_id: 'turn_1' }),
        event('item.completed', message('item_u', 'user', 'What is in the box?')),
        event('item.completed', message('item_a', 'assistant', 'A cat, alive.')),
        event('turn.completed', { turn_id: 'turn_1' }),
        '',
      ].join('\n'),
    )
    const { blob } = await buildExportFile(SESSION, body, 1)
    await screen.findByRole('heading', { level: 1, name: 'Open an exported session' }, { timeout: 5000 })
    const requests: string[] = []
    app.server.events.on('request:start', ({ request }) => requests.push(request.url))
    await openFile('box.jsonl', [blob])

    const banner = await screen.findByTestId('offline-file-banner')
    expect(within(banner).getByRole('heading', { level: 2 })).toHaveTextContent('box.jsonl')
    expect(banner).toHaveTextContent('From a file')
    await waitFor(() => expect(banner).toHaveTextContent('4 events read from the file.'))
    expect(
      await screen.findByText(/^The file matches its manifest: 4 events, last cursor cur_/),
    ).toBeVisible()
    const feed = await screen.findByRole('feed', { name: 'Transcript' })
    expect(await within(feed).findByText('A cat, alive.')).toBeVisible()
    expect(requests).toEqual([])
  })

  it('names the first bad line of a hostile file, keeps the rest, and renders its markup as text', async () => {
    const app = await renderApp('/sessions-file', { namespace: 'default' })
    activeServer = app.server
    const hostile = '<img src=x onerror="globalThis.__pwned=1"><b>bold</b>'
    const text = [
      event('turn.accepted', { turn_id: 'turn_1' }),
      'garbage {',
      event('item.completed', message('item_u', 'user', hostile)),
      event('warp.engaged', {}),
      event('turn.completed', { turn_id: 'turn_1' }),
    ].join('\n')
    await openFile('hostile.jsonl', [text])

    const problems = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(problems).toHaveTextContent('The first is line 2: it is not valid JSON.')
    expect(problems).toHaveTextContent('1 line was skipped in all')
    expect(screen.getByText(/the first warp\.engaged on line 4/)).toBeVisible()
    expect(screen.getByText(/This file has no manifest/)).toBeVisible()
    const feed = await screen.findByRole('feed', { name: 'Transcript' })
    expect((await within(feed).findAllByText(hostile)).length).toBeGreaterThan(0)
    expect(feed.querySelector('img, b')).toBeNull()
    expect((globalThis as { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('says where each call ran as the manifest recorded it, and says so when a file does not', async () => {
    const app = await renderApp('/sessions-file', { namespace: 'default' })
    activeServer = app.server
    const call = { turn_id: 'turn_1', tool_call_id: 'call_1', name: 'write_file' }
    const body = new TextEncoder().encode(
      [
        event('turn.accepted', { turn_id: 'turn_1' }),
        event('tool.requested', { ...call, input: { path: 'a.txt' } }),
        event('tool.dispatched', call),
        event('tool.completed', { ...call, status: 'completed', output: 'ok' }),
        event('turn.completed', { turn_id: 'turn_1' }),
        '',
      ].join('\n'),
    )
    const place = {
      environmentId: 'env_files',
      environment: { id: 'env_files', name: 'Build <b>pool</b>', type: 'self_hosted' },
      isEnvironmentGone: false,
      workItems: [
        {
          id: 'work_f1',
          sessionId: SESSION,
          environmentId: 'env_files',
          ownerId: 'u',
          status: 'stopped' as const,
          claimedBy: 'worker-file',
          workDir: null,
          createdAt: 1_767_000_000_000,
          updatedAt: 1_767_000_000_000 + 60_000,
          metadata: {},
        },
      ],
    }
    const requests: string[] = []
    app.server.events.on('request:start', ({ request }) => requests.push(request.url))
    await openFile('placed.jsonl', [(await buildExportFile(SESSION, body, 1, place)).blob])
    const feed = await screen.findByRole('feed', { name: 'Transcript' }, { timeout: 5000 })
    const card = await within(feed).findByRole('article', { name: /^Tool call write_file/ })
    expect(within(card).getByText(/^(claimed|ran) by worker-file/)).toBeVisible()
    // The name is the file's text, shown as text.
    expect(within(card).getByText('Build <b>pool</b> (Self-hosted)')).toBeVisible()
    expect(card.querySelector('b')).toBeNull()
    expect(screen.getByTestId('offline-file-banner')).toHaveTextContent(
      'as the console read it when the file was saved',
    )

    // The same events saved without the console's record: the cards cannot say where they ran.
    await openFile('bare.jsonl', [(await buildExportFile(SESSION, body, 1)).blob])
    await waitFor(() =>
      expect(screen.getByTestId('offline-file-banner')).toHaveTextContent(
        'This file does not say where its tool calls ran',
      ),
    )
    const bare = await screen.findByRole('feed', { name: 'Transcript' })
    expect(within(bare).queryByText(/worker-file/)).toBeNull()
    expect(requests).toEqual([])
  })
})

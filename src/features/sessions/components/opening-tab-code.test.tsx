import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'

// The session route renders once the opening tab's code is in (see openingTabCode), so the tab never
// shows a loading state that React would then hold for its 300 ms reveal throttle.
const transcript = vi.hoisted(() => {
  let release: () => void = () => undefined
  const arrived = new Promise<void>((resolve) => (release = resolve))
  return { arrived, release: () => release() }
})
vi.mock('./transcript-tab', async () => {
  await transcript.arrived
  return { TranscriptTab: () => <p>the transcript</p> }
})

/** Whether the promise has settled once pending work has had a few ticks to run. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false
  void promise.then(() => (settled = true))
  await new Promise((resolve) => setTimeout(resolve, 30))
  return settled
}

describe('openingTabCode', () => {
  it('waits for the transcript’s code on a session page that opens on it', async () => {
    // The address the console was opened on, as the module reads it when it first runs.
    window.history.replaceState(null, '', '/sessions/sess_1')
    const { openingTabCode } = await import('./session-inspector')
    expect(await hasSettled(openingTabCode)).toBe(false)
    transcript.release()
    expect(await hasSettled(openingTabCode)).toBe(true)
    window.history.replaceState(null, '', '/')
  })

  it('then shows the tab on its first render, never the inspector’s loading state', async () => {
    window.history.replaceState(null, '', '/sessions/sess_1')
    const { openingTabCode, TABS } = await import('./session-inspector')
    transcript.release()
    await openingTabCode
    const fallbacks: string[] = []
    function Fallback() {
      fallbacks.push('shown')
      return <p>loading</p>
    }
    // The mocked tab reads none of the context.
    const context = {} as Parameters<typeof TABS.transcript.view>[0]
    render(<Suspense fallback={<Fallback />}>{TABS.transcript.view(context)}</Suspense>)
    expect(screen.getByText('the transcript')).toBeTruthy()
    expect(fallbacks).toEqual([])
    window.history.replaceState(null, '', '/')
  })
})

import { act, render, screen, waitFor } from '@testing-library/react'
import { useRef, useState } from 'react'
import { MemoryRouter, useNavigate } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useRouteFocus } from './use-focus-management'

/** A shell whose page heading can be drawn again as a new element, as a page that settles does. */
function Shell() {
  const mainRef = useRef<HTMLElement>(null)
  useRouteFocus(mainRef)
  const navigate = useNavigate()
  const [generation, setGeneration] = useState(0)
  return (
    <>
      <button type="button" onClick={() => void navigate('/sessions/sess_1')}>
        open
      </button>
      <button type="button" onClick={() => setGeneration((value) => value + 1)}>
        redraw
      </button>
      <main ref={mainRef}>
        <h1 key={generation}>Session</h1>
      </main>
    </>
  )
}

function renderShell() {
  render(
    <MemoryRouter initialEntries={['/sessions']}>
      <Shell />
    </MemoryRouter>,
  )
  const heading = () => screen.getByRole('heading', { level: 1 })
  // A click by script: no pointer or key event, as when the page redraws on its own. The async
  // act lets the MutationObserver's callback run before it returns.
  const press = (name: string) =>
    act(async () => {
      screen.getByRole('button', { name }).click()
      await Promise.resolve()
    })
  return { heading, press }
}

describe('route focus', () => {
  it('lands on the new page’s heading, and back on it when the page draws its heading again', async () => {
    const { heading, press } = renderShell()
    await press('open')
    // Once the new page has been drawn.
    await waitFor(() => expect(heading()).toHaveFocus())
    const first = heading()
    // The focused heading removed and drawn anew: focus falls to <body> with the old node.
    await press('redraw')
    expect(heading()).not.toBe(first)
    await waitFor(() => expect(heading()).toHaveFocus())
  })

  it('leaves focus alone once the reader presses a key', async () => {
    const { heading, press } = renderShell()
    await press('open')
    await waitFor(() => expect(heading()).toHaveFocus())
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
      ;(document.activeElement as HTMLElement).blur()
    })
    await press('redraw')
    // Past the frame a landing would wait for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    expect(heading()).not.toHaveFocus()
  })
})

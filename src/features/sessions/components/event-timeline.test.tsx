import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EventTimeline } from './event-timeline'
import { EMPTY_FILTER } from '../models/event-filter'
import { EventStore, type PublicEvent } from '../models/event-store'
import { TimelineBuilder } from '../models/timeline-builder'

const EVENTS = 100_000

function largeLog(): PublicEvent[] {
  const events: PublicEvent[] = []
  for (let index = 0; index < EVENTS; index += 1) {
    const turnId = `turn_${Math.floor(index / 50)}`
    events.push({
      schema_version: 1,
      id: `evt_${index}`,
      type: index % 50 === 0 ? 'turn.accepted' : 'item.delta',
      session_id: 's1',
      created_at: 1_700_000_000_000 + index * 100,
      cursor: `c${index}`,
      data: { turn_id: turnId, position: index, content: [{ type: 'text', text: `chunk ${index}` }] },
    })
  }
  return events
}

/** A timeline of these events, as the Events tab builds it (no filter, nothing collapsed). */
function timelineOf(events: PublicEvent[]) {
  const store = new EventStore((flush) => flush())
  store.applyPage(events)
  const builder = new TimelineBuilder(EMPTY_FILTER, new Set())
  builder.sync(store.all())
  return { store, builder }
}

/** The timeline of these events, following the newest row or not; returns its list. */
function renderTimeline(events: PublicEvent[], isFollowing: boolean) {
  const { store, builder } = timelineOf(events)
  render(<Harness store={store} builder={builder} isFollowing={isFollowing} />)
  return { list: screen.getByRole('list', { name: 'Session events' }), rowCount: builder.rows.length }
}

// No timing here (that is `npm run bench`): only that the DOM stays bounded, whatever the log size.
describe('event timeline at scale', () => {
  it('renders a bounded number of rows for a 100,000-event session', () => {
    const { list, rowCount } = renderTimeline(largeLog(), false)
    expect(rowCount).toBeGreaterThan(EVENTS)
    const rows = within(list).getAllByRole('listitem')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThanOrEqual(100)
    expect(list.querySelectorAll('[data-event-id]').length).toBeLessThanOrEqual(100)
    expect(rows[0]).toHaveAttribute('aria-setsize', String(rowCount))
  })
})

describe('event timeline opening', () => {
  const events = largeLog().slice(0, 1000)
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('following the newest event, draws the end of the log from its first render', () => {
    const { list } = renderTimeline(events, true)
    expect(list.querySelector('[data-event-id="evt_999"]')).not.toBeNull()
    expect(list.querySelector('[data-event-id="evt_0"]')).toBeNull()
  })

  it('following the newest event, has its Tab stop on a drawn row from its first render', () => {
    // As in a browser before its first layout: the box is not read, so nothing renders the list
    // again before it is painted.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
    const { list } = renderTimeline(events, true)
    const stops = list.querySelectorAll('[tabindex="0"]')
    expect(stops).toHaveLength(1)
    expect(stops[0]?.closest('[data-event-id]')).not.toBeNull()
  })

  it('not following, draws the start of the log', () => {
    const { list } = renderTimeline(events, false)
    expect(list.querySelector('[data-event-id="evt_0"]')).not.toBeNull()
    expect(list.querySelector('[data-event-id="evt_999"]')).toBeNull()
  })
})

/** The timeline between two buttons, holding its own selection. */
function Harness({
  store,
  builder,
  isFollowing = false,
}: {
  store: EventStore
  builder: TimelineBuilder
  isFollowing?: boolean
}) {
  const [selectedId, setSelectedId] = useState<string | null>(null)
  return (
    <>
      <button type="button">before</button>
      <EventTimeline
        store={store}
        builder={builder}
        rowCount={builder.rows.length}
        selectedId={selectedId}
        scrollToRow={null}
        scrollRequest={0}
        collapsed={new Set()}
        isFollowing={isFollowing}
        onStopFollowing={() => undefined}
        onSelect={setSelectedId}
        onToggle={() => undefined}
      />
      <button type="button">after</button>
    </>
  )
}

describe('event timeline keyboard', () => {
  function smallLog() {
    const store = new EventStore((flush) => flush())
    store.applyPage(largeLog().slice(0, 20))
    const builder = new TimelineBuilder(EMPTY_FILTER, new Set())
    builder.sync(store.all())
    const view = render(<Harness store={store} builder={builder} />)
    return {
      list: screen.getByRole('list', { name: 'Session events' }),
      rowCount: builder.rows.length,
      redraw: () => view.rerender(<Harness store={store} builder={builder} />),
    }
  }

  it('is a single Tab stop whose focus moves with the arrow keys and marks the selection', async () => {
    const { list, rowCount } = smallLog()
    const tabbable = () => [...list.querySelectorAll('[tabindex="0"]')]
    expect(tabbable()).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'before' }))
    await userEvent.tab()
    // The first row (the turn header's toggle) has focus; one more Tab leaves the list.
    expect(list).toContainElement(document.activeElement as HTMLElement)
    await userEvent.keyboard('{ArrowDown}')
    const focused = document.activeElement as HTMLElement
    expect(focused.closest('[data-event-id]')).toHaveAttribute('data-event-id', 'evt_0')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(document.activeElement?.closest('[data-event-id]')).toHaveAttribute('data-event-id', 'evt_1')
    expect(screen.getByRole('button', { current: true })).toBe(document.activeElement)
    expect(tabbable()).toEqual([document.activeElement])
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus()
    await userEvent.tab({ shift: true })
    expect(document.activeElement?.closest('[data-event-id]')).toHaveAttribute('data-event-id', 'evt_1')
    await userEvent.keyboard('{End}')
    expect(document.activeElement?.closest('[data-index]')).toHaveAttribute(
      'data-index',
      String(rowCount - 1),
    )
    await userEvent.keyboard('{Home}')
    expect(document.activeElement?.closest('[data-index]')).toHaveAttribute('data-index', '0')
  })

  it('does not pull focus back once Tab has left it, when it draws again after a selection', async () => {
    const { redraw } = smallLog()
    await userEvent.click(screen.getByRole('button', { name: 'before' }))
    await userEvent.tab()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(screen.getByRole('button', { current: true })).toBe(document.activeElement)
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus()
    // A live event, a clock tick: the list draws again while focus is elsewhere on the page.
    redraw()
    redraw()
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus()
  })
})

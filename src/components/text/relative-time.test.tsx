import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RelativeTime } from './relative-time'
import { formatExactTime } from '@/lib/format-time'

const now = Date.UTC(2026, 0, 10, 12, 0, 0)

describe('RelativeTime', () => {
  it('says how long ago, with the exact time as its title and machine-readable date', () => {
    render(<RelativeTime at={now - 3 * 60_000} now={now} />)
    const time = screen.getByText('3 minutes ago')
    expect(time.tagName).toBe('TIME')
    expect(time).toHaveAttribute('dateTime', new Date(now - 3 * 60_000).toISOString())
    expect(time).toHaveAttribute('title', formatExactTime(now - 3 * 60_000))
  })

  it('reads "now" for a moment a little ahead of this clock (the server runs ahead)', () => {
    render(<RelativeTime at={now + 90_000} now={now} />)
    expect(screen.getByText('now')).toBeInTheDocument()
  })

  it('writes the exact time out when asked', () => {
    const { container } = render(<RelativeTime at={now - 2 * 3_600_000} now={now} withExact />)
    expect(container).toHaveTextContent(`2 hours ago (${formatExactTime(now - 2 * 3_600_000)})`)
    expect(container.querySelector('time')).not.toHaveAttribute('title')
  })
})

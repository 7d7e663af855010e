import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { VisibleText } from './visible-text'

describe('VisibleText', () => {
  it('shows a reversed file name in its real order with a named marker for the override', () => {
    const { container } = render(<VisibleText text={'report\u202Egpj.exe'} />)
    expect(container.textContent).toBe('reportRLOgpj.exe')
    expect(container.textContent).not.toContain('\u202E')
    const marker = screen.getByRole('img', { name: 'Hidden direction control RLO (U+202E)' })
    expect(marker).toHaveTextContent('RLO')
  })

  it('marks zero-width characters one by one', () => {
    render(<VisibleText text={'ad\u200Bmin\u200B'} />)
    expect(screen.getAllByRole('img', { name: 'Hidden zero-width character ZWSP (U+200B)' })).toHaveLength(2)
  })

  it('renders ordinary text as it is', () => {
    const { container } = render(<VisibleText text="build-workers" />)
    expect(container.innerHTML).toBe('build-workers')
  })
})

import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Tabs } from './tabs'

const items = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
  { value: 'c', label: 'Gamma' },
] as const

describe('Tabs', () => {
  it('moves on from the focused tab when the caller has not rendered the last change yet', async () => {
    // The caller applies changes later (a router navigation in a transition): value stays 'a'.
    const onValueChange = vi.fn()
    render(<Tabs label="Views" idBase="t" items={items} value="a" onValueChange={onValueChange} />)
    screen.getByRole('tab', { name: 'Alpha' }).focus()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    expect(onValueChange.mock.calls).toEqual([['b'], ['c']])
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus()
  })

  it('wraps around with the arrows and jumps with Home and End', async () => {
    const onValueChange = vi.fn()
    render(<Tabs label="Views" idBase="t" items={items} value="c" onValueChange={onValueChange} />)
    screen.getByRole('tab', { name: 'Gamma' }).focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveFocus()
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus()
    await userEvent.keyboard('{Home}{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus()
    expect(onValueChange.mock.calls).toEqual([['a'], ['c'], ['a'], ['c']])
  })
})

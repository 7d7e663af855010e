import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Button } from './button'

describe('Button', () => {
  it('an inline link-style button inside a sentence has no padding or height of its own', () => {
    render(
      <p>
        Saved.{' '}
        <Button variant="link" size="inline">
          Undo
        </Button>
      </p>,
    )
    const button = screen.getByRole('button', { name: 'Undo' })
    expect(button.className).toMatch(/\bp-0\b/)
    expect(button.className).not.toMatch(/\b(px-\d|h-8|h-9)\b/)
  })
})

import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ResourceName } from './resource-name'

describe('ResourceName', () => {
  it('shows the name as the link, with the id beside it as copyable text', () => {
    render(
      <MemoryRouter>
        <ResourceName name="Release prep" id="sess_123" to="/sessions/sess_123" />
      </MemoryRouter>,
    )
    const link = screen.getByRole('link', { name: /Release prep/ })
    expect(link).toHaveAttribute('href', '/sessions/sess_123')
    expect(link).toHaveAccessibleName('Release prep sess_123')
    expect(screen.getByRole('button', { name: /sess_123/ })).toBeInTheDocument()
  })

  it('makes hidden direction controls in a name visible, so it cannot pass for another name', () => {
    const { container } = render(
      <MemoryRouter>
        <ResourceName name={'report\u202Egpj.exe'} id="env_1" />
      </MemoryRouter>,
    )
    expect(screen.getByRole('img', { name: 'Hidden direction control RLO (U+202E)' })).toBeInTheDocument()
    expect(container.textContent).not.toContain('\u202E')
  })

  it('shows the id alone when there is no name', () => {
    render(
      <MemoryRouter>
        <ResourceName name={null} id="agt_1" />
      </MemoryRouter>,
    )
    expect(screen.getByText('agt_1')).toHaveClass('font-mono')
    expect(screen.queryByRole('button')).toBeNull()
  })
})

import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ConfirmationDialog } from './confirmation-dialog'
import { ApiError } from '@/api/api-error'
import { loadNamespace } from '@/i18n'

describe('ConfirmationDialog', () => {
  it('keeps a failed action in the dialog with the reason and what to do next', async () => {
    await loadNamespace('ui:advice')
    const conflict = new ApiError({ status: 409, message: 'The environment changed meanwhile.' })
    render(
      <ConfirmationDialog
        open
        onOpenChange={() => undefined}
        title="Archive build-workers?"
        body="Sessions on it stop."
        confirmLabel="Archive"
        onConfirm={() => Promise.reject(conflict)}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The environment changed meanwhile.')
    expect(alert).toHaveTextContent('Someone changed this meanwhile; reload to see their version')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})

import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Profiler, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Dialog, DialogContent, DialogTrigger } from './dialog'
import { loadNamespace } from '@/i18n'

describe('Dialog', () => {
  it('a closed dialog mounts in one commit, with no update of its own', async () => {
    await loadNamespace('ui')
    const commits: string[] = []
    render(
      <Profiler id="page" onRender={(_, phase) => commits.push(phase)}>
        <Dialog open={false} onOpenChange={() => undefined}>
          <DialogContent title="Archive build-workers?">Sessions on it stop.</DialogContent>
        </Dialog>
        <Dialog open={false} onOpenChange={() => undefined}>
          <DialogContent title="Rotate the key?">Workers reconnect.</DialogContent>
        </Dialog>
      </Profiler>,
    )
    // Radix's presence tracker, mounted for closed content, updates its state in the commit: React
    // then renders the page again at once (and, in a browser, runs every passive effect of the page
    // in the same task, before the first paint).
    expect(commits).toEqual(['mount'])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens from its trigger and closes with its close button, focus going back to the trigger', async () => {
    await loadNamespace('ui')
    function Owner() {
      const [open, setOpen] = useState(false)
      return (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger>Rotate key</DialogTrigger>
          <DialogContent title="Rotate the key?">Workers reconnect.</DialogContent>
        </Dialog>
      )
    }
    render(<Owner />)
    expect(screen.queryByRole('dialog')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Rotate key' }))
    expect(screen.getByRole('dialog', { name: 'Rotate the key?' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Rotate key' })).toHaveFocus()
  })

  it('follows the state its owner holds, and reports the close it asks for', async () => {
    await loadNamespace('ui')
    const asked: boolean[] = []
    function Owner() {
      const [open, setOpen] = useState(true)
      return (
        <Dialog
          open={open}
          onOpenChange={(next) => {
            asked.push(next)
            setOpen(next)
          }}
        >
          <DialogContent title="Rotate the key?">Workers reconnect.</DialogContent>
        </Dialog>
      )
    }
    render(<Owner />)
    expect(screen.getByRole('dialog', { name: 'Rotate the key?' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    expect(asked).toEqual([false])
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

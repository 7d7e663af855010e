import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Profiler, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Dialog, DialogContent } from './dialog'
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

  it('opens from the button that opens it and closes with its close button, focus going back to that button', async () => {
    await loadNamespace('ui')
    function Owner() {
      const [open, setOpen] = useState(false)
      return (
        <Dialog open={open} onOpenChange={setOpen}>
          <button type="button" onClick={() => setOpen(true)}>
            Rotate key
          </button>
          <DialogContent title="Rotate the key?">Workers reconnect.</DialogContent>
        </Dialog>
      )
    }
    render(<Owner />)
    expect(screen.queryByRole('dialog')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Rotate key' }))
    // The dialog's code may still be arriving on the first opening (it loads on demand).
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the key?' })
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
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
    expect(await screen.findByRole('dialog', { name: 'Rotate the key?' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    expect(asked).toEqual([false])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opened before its code has arrived, shows once it is in and keeps what was typed as its owner renders again', async () => {
    // A fresh copy of the module: its code on demand not yet asked for, as on a page's first
    // moments (the shared setup loads it for every other test).
    vi.resetModules()
    const fresh = await import('./dialog')
    const i18n = await import('@/i18n')
    await i18n.loadNamespace('ui')
    let rerender: (count: number) => void = () => undefined
    function Owner() {
      const [open, setOpen] = useState(false)
      const [count, setCount] = useState(0)
      rerender = setCount
      return (
        <fresh.Dialog open={open} onOpenChange={setOpen}>
          <button type="button" onClick={() => setOpen(true)}>
            Rename {count}
          </button>
          <fresh.DialogContent title="Rename the environment">
            <input aria-label="Name" />
          </fresh.DialogContent>
        </fresh.Dialog>
      )
    }
    render(<Owner />)
    await userEvent.click(screen.getByRole('button', { name: 'Rename 0' }))
    const field = await screen.findByRole('textbox', { name: 'Name' })
    await userEvent.type(field, 'build-workers')
    act(() => rerender(1))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('build-workers')
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Rename 1' })).toHaveFocus()
  })
})

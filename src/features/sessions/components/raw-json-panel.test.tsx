import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { RawJsonPanel } from './raw-json-panel'

describe('RawJsonPanel', () => {
  it('masks secrets on screen and in the clipboard until revealed', async () => {
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    const value = {
      data: { command: 'curl -H "Authorization: Bearer abc.def.ghi"', env: { apiKey: 'e2b_live_1' } },
    }
    render(<RawJsonPanel value={value} label="Event JSON" filename="e.json" />)
    const pre = screen.getByLabelText('Event JSON', { selector: 'pre' })
    expect(pre).not.toHaveTextContent('abc.def.ghi')
    expect(pre).not.toHaveTextContent('e2b_live_1')
    await user.click(screen.getByRole('button', { name: 'Copy Event JSON' }))
    expect(writeText).toHaveBeenLastCalledWith(expect.not.stringContaining('e2b_live_1'))
    await user.click(screen.getByRole('button', { name: 'Reveal 2 masked secrets' }))
    expect(pre).toHaveTextContent('e2b_live_1')
    await user.click(screen.getByRole('button', { name: 'Copy Event JSON' }))
    expect(writeText).toHaveBeenLastCalledWith(expect.stringContaining('e2b_live_1'))
  })
})

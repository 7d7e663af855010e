import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Component, Suspense, type ReactNode } from 'react'
import { afterEach, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.doUnmock('./catalog-index')
})

// Offline, a screen whose strings fail to download must say so once, not ask again on every
// render: each new download used to wake the suspended screen, which asked again, and so on
// (1,500 requests in a few seconds in a browser with the network cut).
it('shows a failed strings download to the screen once, and asks again only when retried', async () => {
  let attempts = 0
  vi.doMock('./catalog-index', async (importOriginal) => {
    attempts += 1
    if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
    return importOriginal()
  })
  vi.resetModules()
  const { i18n, retryFailedStrings, useT } = await import('./i18n')
  i18n.activate('en')
  // React reports the failure the boundary catches.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)

  function Strings() {
    const { t } = useT('sessions:files')
    return <p>{t('sessions.files.loading')}</p>
  }
  class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
    override state = { failed: false }
    static getDerivedStateFromError() {
      return { failed: true }
    }
    override render() {
      if (!this.state.failed) return this.props.children
      return (
        <button
          type="button"
          onClick={() => {
            retryFailedStrings()
            this.setState({ failed: false })
          }}
        >
          Try again
        </button>
      )
    }
  }
  // Awaited, so React sees the download fail inside the test's act scope.
  await act(async () => {
    render(
      <Boundary>
        <Suspense fallback={<p>Loading</p>}>
          <Strings />
        </Suspense>
      </Boundary>,
    )
    await Promise.resolve()
  })
  const retry = await screen.findByRole('button', { name: 'Try again' })
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
  expect(attempts).toBe(1)

  await act(async () => {
    await userEvent.click(retry)
  })
  expect(await screen.findByText('Loading the session’s files and artifacts…')).toBeInTheDocument()
  expect(attempts).toBe(2)
})

// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'

// The session page's inspector shows its sub-agent line, its stall diagnosis, the composer and the
// export beside the summary, outside any Suspense boundary of their own (or inside one whose loading
// state would show). A catalog first asked for by such a render suspends the page and costs a round
// trip before the open tab's first rows, so start-up loads them with the screen's code.
describe('preloadScreen', () => {
  it('loads with the session page the strings its inspector shows outside the tabs', async () => {
    // A fresh runtime, without the catalogs the test setup registers up front.
    vi.resetModules()
    const { i18n } = await import('@/i18n/i18n')
    const { preloadScreen } = await import('./router')
    i18n.activate('en')
    expect(i18n.messages['sessions.subagents.tab']).toBeUndefined()

    await preloadScreen('sessionDetail', 'en')

    expect(i18n._('sessions.subagents.tab')).toBe('Sub-agents')
    expect(i18n._('sessions.configuration.setting.disabled')).toBe('disabled')
    expect(i18n._('sessions.inputs.intent.legend')).toBe('What to send')
    expect(i18n._('sessions.offline.title')).toBe('Open an exported session')
  })
})

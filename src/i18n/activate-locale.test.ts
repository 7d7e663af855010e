// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { activateLocale, activeLocale, i18n, t } from './i18n'

// Start-up activates the reader's language once the shell's strings are in, before the first
// screen's strings arrive, so an early failure is described in that language.
describe('activateLocale', () => {
  afterEach(() => activateLocale('en'))

  it('switches the strings and the document language at once, with nothing to wait for', () => {
    expect(t('ui.loading')).toBe('Loading')
    activateLocale('zh-CN')
    expect(t('ui.loading')).toBe('加载中')
    expect(t('ui.apiError.network')).not.toBe('ui.apiError.network')
    expect(activeLocale()).toBe('zh-CN')
    expect(document.documentElement.lang).toBe('zh-CN')
  })

  it('switches back to English', () => {
    activateLocale('zh-CN')
    activateLocale('en')
    expect(i18n.locale).toBe('en')
    expect(t('ui.loading')).toBe('Loading')
    expect(document.documentElement.lang).toBe('en')
  })
})

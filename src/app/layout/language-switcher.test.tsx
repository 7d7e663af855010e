import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { preferredLocale, setLocale } from '@/i18n'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

function expectNavigation(name: string, links: string[]) {
  const navigation = screen.getByRole('navigation', { name })
  expect(
    within(navigation)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(links)
}

describe('language switcher', () => {
  it('switches the shell to Simplified Chinese, remembers it, and switches back', async () => {
    try {
      const first = await renderApp('/nowhere')
      activeServer = first.server
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
      expectNavigation('Main', ['Environments', 'Agents', 'Sessions', 'Server'])

      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '简体中文')
      expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument()
      expectNavigation('主导航', ['环境', '智能体', '会话', '服务器'])
      expect(screen.getByRole('combobox', { name: '语言' })).toHaveValue('zh-CN')
      expect(document.documentElement.lang).toBe('zh-CN')
      expect(localStorage.getItem('asc.locale')).toBe('zh-CN')

      // A fresh render (and the next visit, which starts from the saved choice) stays in Chinese.
      first.unmount()
      first.server.close()
      const second = await renderApp('/nowhere')
      activeServer = second.server
      expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument()
      expectNavigation('主导航', ['环境', '智能体', '会话', '服务器'])
      expect(screen.getByRole('combobox', { name: '语言' })).toHaveValue('zh-CN')
      expect(preferredLocale()).toBe('zh-CN')

      await userEvent.selectOptions(screen.getByRole('combobox', { name: '语言' }), 'English')
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
      expectNavigation('Main', ['Environments', 'Agents', 'Sessions', 'Server'])
      expect(document.documentElement.lang).toBe('en')
      expect(localStorage.getItem('asc.locale')).toBe('en')
    } finally {
      await setLocale('en')
    }
  })

  it('is offered on the sign-in page', async () => {
    try {
      const app = await renderApp('/login', { user: null })
      activeServer = app.server
      expect(await screen.findByRole('heading', { name: 'Sign in to Managed Agents' })).toBeInTheDocument()
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN')
      expect(await screen.findByRole('heading', { name: '登录 Managed Agents' })).toBeInTheDocument()
      await waitFor(() => expect(localStorage.getItem('asc.locale')).toBe('zh-CN'))
    } finally {
      await setLocale('en')
    }
  })
})

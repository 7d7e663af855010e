import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '@/testing/render-app'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LoginForm } from './login-form'
import { setLocale } from '@/i18n'

describe('LoginForm', () => {
  it('explains an expired session and lists the demo users', () => {
    render(<LoginForm isDemo reason="expired" onSignedIn={() => undefined} />)
    expect(screen.getByRole('status')).toHaveTextContent('Your session ended.')
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Demo backend users' })).toBeInTheDocument()
    expect(screen.getByText('· viewer (read-only)')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign in as bob' })).toBeInTheDocument()
  })

  it('speaks Simplified Chinese', async () => {
    await setLocale('zh-CN')
    try {
      render(<LoginForm isDemo reason={null} onSignedIn={() => undefined} />)
      expect(screen.getByRole('heading', { name: '演示后端用户' })).toBeInTheDocument()
      expect(screen.getByLabelText('用户名')).toBeInTheDocument()
      expect(screen.getByLabelText('密码')).toBeInTheDocument()
      expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: '以 alice 身份登录' })).toBeInTheDocument()
      expect(screen.getByText('· 查看者（只读）')).toBeInTheDocument()
    } finally {
      await setLocale('en')
    }
  })

  it("says a rejected sign-in in the form's own words, keeps what was typed and says what to do", async () => {
    const view = await renderApp('/login', { user: null })
    try {
      const user = userEvent.setup()
      await user.type(await screen.findByLabelText('Username'), 'alice')
      await user.type(screen.getByLabelText('Password'), 'not-her-password')
      await user.click(screen.getByRole('button', { name: 'Sign in' }))
      const alert = await screen.findByRole('alert')
      expect(alert).toHaveTextContent('Wrong username or password.')
      expect(alert).toHaveTextContent('Check the username and password; what you typed is still in the form.')
      expect(alert).not.toHaveTextContent('Sign in again')
      expect(screen.getByLabelText('Username')).toHaveValue('alice')
    } finally {
      view.server.close()
    }
  })
})

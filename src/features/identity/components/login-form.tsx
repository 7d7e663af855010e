import { useState, type FormEvent } from 'react'
import { useSignIn } from '@/data/identity/sign-in'
import { roleLabel } from '../models/role-label'
import { useAuthStore } from '../stores/auth-store'
import { isApiError } from '@/api/api-error'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Button } from '@/components/ui/button'
import { ChoiceField, Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { t, useT } from '@/i18n'

const demoUsers = [
  { username: 'admin', password: 'admin', role: 'admin' },
  { username: 'alice', password: 'alice', role: 'developer' },
  { username: 'bob', password: 'bob', role: 'viewer' },
] as const

function demoRoleLabel(role: string): string {
  return role === 'viewer' ? t('identity.role.viewerReadOnly') : roleLabel(role)
}

export function LoginForm({
  isDemo,
  reason,
  onSignedIn,
}: {
  isDemo: boolean
  reason: string | null
  onSignedIn: () => void
}) {
  const { t } = useT('identity', 'identity:login')
  const signIn = useAuthStore((state) => state.signIn)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(false)
  const request = useSignIn()
  const { isPending } = request
  // Explained at render time, so the message follows a language switch.
  const isRejected = isApiError(request.error) && request.error.status === 401
  const error =
    request.error === null ? null : isRejected ? t('identity.login.wrongCredentials') : request.errorMessage

  async function submit(credentials: { username: string; password: string }) {
    try {
      const result = await request.mutateAsync(credentials)
      signIn(
        {
          token: result.token,
          user: { userId: result.userId, username: result.username, roles: result.roles ?? [] },
        },
        { remember },
      )
      onSignedIn()
    } catch {
      // The failure is shown from `request.error` below; the form keeps what was typed.
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void submit({ username: username.trim(), password })
  }

  return (
    <div className="w-full max-w-sm">
      {reason === 'expired' ? (
        <p role="status" className="mb-4 rounded-md bg-warning-surface p-3 text-sm text-warning">
          {t('identity.login.expired')}
        </p>
      ) : null}
      <form
        onSubmit={handleSubmit}
        className="flex flex-col gap-4"
        aria-label={t('identity.login.formLabel')}
      >
        <Field label={t('identity.login.username')} id="login-username">
          {(control) => (
            <Input
              {...control}
              autoComplete="username"
              required
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('identity.login.password')} id="login-password">
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <ChoiceField label={t('identity.login.remember')}>
          {(control) => (
            <input
              {...control}
              type="checkbox"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
          )}
        </ChoiceField>
        {error ? (
          <FailureNotice
            error={request.error}
            message={error}
            advice={isRejected ? t('identity.login.checkCredentials') : undefined}
          />
        ) : null}
        <Button type="submit" variant="primary" disabled={isPending}>
          {isPending ? t('identity.login.signingIn') : t('identity.login.signIn')}
        </Button>
      </form>
      {isDemo ? (
        <section
          aria-labelledby="demo-users-title"
          className="mt-6 rounded-lg border border-border bg-muted/50 p-4"
        >
          <h2 id="demo-users-title" className="text-sm font-semibold">
            {t('identity.login.demoTitle')}
          </h2>
          <p className="mt-1 text-xs text-muted-foreground">{t('identity.login.demoIntro')}</p>
          <ul className="mt-3 flex flex-col gap-2">
            {demoUsers.map((user) => (
              <li key={user.username} className="flex items-center justify-between gap-2 text-sm">
                <span>
                  <code className="font-mono">
                    {user.username}/{user.password}
                  </code>{' '}
                  <span className="text-muted-foreground">· {demoRoleLabel(user.role)}</span>
                </span>
                <Button size="sm" disabled={isPending} onClick={() => void submit(user)}>
                  {t('identity.login.signInAs', { username: user.username })}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

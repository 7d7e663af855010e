import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DefaultEnvironmentField } from './default-environment-field'
import type { EnvironmentChoice } from '../hooks/use-environment-choices'
import type { Environment } from '../models/agent-types'
import { setLocale } from '@/i18n'
import { makeEnvironment } from '@/testing/model-fixtures'

function environment(overrides: Partial<Environment>): Environment {
  return makeEnvironment({ id: 'env_1', name: 'build-workers', createdAt: 1, updatedAt: 1, ...overrides })
}

const choices: EnvironmentChoice[] = [
  {
    environment: environment({}),
    health: { state: 'online', busy: 1, idle: 1 },
  },
  {
    environment: environment({ id: 'env_2', name: 'e2b-python', type: 'sandbox' }),
    health: { state: 'managed' },
  },
]

function renderField(value: string | null) {
  return render(
    <DefaultEnvironmentField
      id="default-environment"
      value={value}
      choices={choices}
      lookup={{ status: 'not_found' }}
      isReadOnly={false}
      onChange={() => undefined}
    />,
  )
}

describe('DefaultEnvironmentField', () => {
  it('names each choice with its type and worker health, and an unlisted default as such', () => {
    renderField('env_gone')
    const select = screen.getByRole('combobox', { name: 'Default environment' })
    expect(
      within(select).getByRole('option', {
        name: 'None: the server picks one for each new session that names none',
      }),
    ).toBeInTheDocument()
    expect(
      within(select).getByRole('option', {
        name: 'build-workers · Self-hosted · online (2 workers, 1 busy)',
      }),
    ).toBeInTheDocument()
    expect(within(select).getByRole('option', { name: 'e2b-python · Sandbox (E2B)' })).toBeInTheDocument()
    expect(
      within(select).getByRole('option', { name: 'env_gone · deleted or not visible to you' }),
    ).toBeInTheDocument()
  })

  it('speaks Simplified Chinese', async () => {
    await setLocale('zh-CN')
    try {
      renderField('env_gone')
      const select = screen.getByRole('combobox', { name: '默认环境' })
      expect(
        within(select).getByRole('option', { name: '无：未指定环境的新会话由服务器选择环境' }),
      ).toBeInTheDocument()
      expect(
        within(select).getByRole('option', {
          name: 'build-workers · 自托管 · 在线（2 个工作进程，1 个忙碌）',
        }),
      ).toBeInTheDocument()
      expect(
        within(select).getByRole('option', { name: 'env_gone · 已删除或对你不可见' }),
      ).toBeInTheDocument()
    } finally {
      await setLocale('en')
    }
  })
})

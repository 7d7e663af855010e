import type { DefinitionDefault } from '@/data/agents/definition-default'
import type { Environment } from '../models/agent-types'
import { errorMessage } from '@/api/api-error'
import { useT } from '@/i18n'

/**
 * The list's default-environment column, read from the agent's definition. Until the definition
 * is in, the cell says so: it never shows "None" for a default it does not know.
 */
export function DefaultEnvironmentCell({
  value,
  environments,
}: {
  value: DefinitionDefault
  /** Every listed environment, for names; undefined while they load or when they cannot be read. */
  environments: readonly Environment[] | undefined
}) {
  const { t } = useT('agents')
  const muted = (text: string, title?: string) => (
    <span className="text-muted-foreground" title={title}>
      {text}
    </span>
  )
  switch (value.state) {
    case 'loading':
      return muted(t('agents.list.defaultLoading'))
    case 'none':
      return muted(t('agents.list.noDefaultEnvironment'))
    case 'no_definition':
      return muted(t('agents.list.defaultNoDefinition'), t('agents.list.defaultNoDefinitionHint'))
    case 'forbidden':
      return muted(t('agents.list.defaultForbidden'), t('agents.list.defaultForbiddenHint'))
    case 'unknown':
      return muted(t('agents.list.defaultUnknown'), errorMessage(value.error))
    case 'set': {
      const name = environments?.find((environment) => environment.id === value.environmentId)?.name
      return (
        <>
          <span className="break-words">{name ?? value.environmentId}</span>
          {name ? <div className="font-mono text-xs text-muted-foreground">{value.environmentId}</div> : null}
        </>
      )
    }
  }
}

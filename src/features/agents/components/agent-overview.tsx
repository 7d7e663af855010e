import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { agentDefinitionQuery } from '@/data/agents/queries'
import type { AgentDefinition } from '../models/agent-types'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { RichText, useT } from '@/i18n'
import { RelativeTime } from '@/components/text/relative-time'
import { useNow } from '@/lib/use-now'

/** A tool, server or skill by name; a toolset by its MCP server or its type. */
function nameOf(entry: Record<string, unknown>): string {
  for (const field of ['name', 'mcpServerName', 'type'] as const) {
    const value = entry[field]
    if (typeof value === 'string' && value) return value
  }
  return JSON.stringify(entry)
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-border py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  )
}

function NameList({ entries, empty }: { entries: Record<string, unknown>[] | undefined; empty: string }) {
  const { t } = useT('agents')
  if (!entries || entries.length === 0) return <span className="text-muted-foreground">{empty}</span>
  return (
    <ul className="flex flex-wrap gap-1">
      {entries.map((entry, index) => (
        <li key={index}>
          <Badge tone={entry.enabled === false ? 'neutral' : 'info'}>
            {entry.enabled === false
              ? t('agents.overview.disabledEntry', { name: nameOf(entry) })
              : nameOf(entry)}
          </Badge>
        </li>
      ))}
    </ul>
  )
}

function DefinitionSummary({
  definition,
  onEditDefaults,
}: {
  definition: AgentDefinition
  onEditDefaults: () => void
}) {
  const { t } = useT('agents')
  const now = useNow()
  const binding = definition.workspaceBinding
  return (
    <dl>
      <Row label={t('agents.overview.description')}>{definition.description || '—'}</Row>
      <Row label={t('agents.overview.model')}>{definition.model || '—'}</Row>
      <Row label={t('agents.overview.maxIterations')}>{definition.maxIters ?? '—'}</Row>
      <Row label={t('agents.overview.systemPrompt')}>
        {definition.system ? (
          <pre className="max-h-60 overflow-auto rounded-md bg-muted p-2 font-sans text-sm whitespace-pre-wrap">
            {definition.system}
          </pre>
        ) : (
          '—'
        )}
      </Row>
      <Row label={t('agents.overview.tools')}>
        <NameList entries={definition.tools} empty={t('agents.overview.noTools')} />
      </Row>
      <Row label={t('agents.overview.mcpServers')}>
        <NameList entries={definition.mcpServers} empty={t('agents.overview.noMcpServers')} />
      </Row>
      <Row label={t('agents.overview.skills')}>
        <NameList entries={definition.skills} empty={t('agents.overview.noSkills')} />
      </Row>
      <Row label={t('agents.overview.workspace')}>
        {definition.workspaceId || definition.workspacePath ? (
          <span className="font-mono text-xs">
            {[definition.workspaceId, definition.workspacePath].filter(Boolean).join(' · ')}
            {binding ? ` · ${typeof binding === 'string' ? binding : JSON.stringify(binding)}` : ''}
          </span>
        ) : (
          '—'
        )}
      </Row>
      <Row label={t('agents.overview.sessionDefaults')}>
        <span className="font-mono text-xs">
          {definition.defaultEnvironmentId || t('agents.overview.noDefaultEnvironment')}
        </span>
        {' · '}
        {t('agents.overview.defaultsCounts', {
          memoryStores: definition.defaultMemoryStoreIds?.length ?? 0,
          vaults: definition.defaultVaultIds?.length ?? 0,
        })}{' '}
        <Button variant="link" size="inline" className="underline" onClick={onEditDefaults}>
          {t('agents.overview.runtimeConfiguration')}
        </Button>
      </Row>
      <Row label={t('agents.overview.definitionVersion')}>
        <SavedVersion definition={definition} now={now} />
      </Row>
    </dl>
  )
}

/** The version, and when and by whom it was saved when the server says. */
function SavedVersion({ definition, now }: { definition: AgentDefinition; now: number }) {
  const { t } = useT('agents')
  const { version, updatedAt, updatedBy } = definition
  if (!updatedAt) return updatedBy ? t('agents.overview.versionBy', { version, user: updatedBy }) : version
  const time = <RelativeTime at={updatedAt} now={now} />
  return updatedBy ? (
    <RichText id="agents.overview.versionSavedBy" values={{ version, time, user: updatedBy }} />
  ) : (
    <RichText id="agents.overview.versionSaved" values={{ version, time }} />
  )
}

/** What the agent is: its definition at a glance, all values shown as text. */
export function AgentOverview({ agentId, onEditDefaults }: { agentId: string; onEditDefaults: () => void }) {
  const { t } = useT('agents')
  const query = useQuery(agentDefinitionQuery(agentId))
  if (query.isPending) return <LoadingState label={t('agents.overview.loading')} />
  if (query.isError) {
    return (
      <QueryErrorState
        title={t('agents.overview.loadError')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    )
  }
  return (
    <section aria-labelledby="agent-overview-heading" className="max-w-4xl">
      <h2 id="agent-overview-heading" className="sr-only">
        {t('agents.overview.heading')}
      </h2>
      <DefinitionSummary definition={query.data.definition} onEditDefaults={onEditDefaults} />
    </section>
  )
}

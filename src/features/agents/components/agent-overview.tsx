import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { agentDefinitionQuery } from '../api/queries'
import type { AgentDefinition } from '../models/agent-types'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { formatExactTime, formatRelativeTime } from '@/lib/format-time'
import { useNow } from '@/lib/use-now'

function nameOf(entry: Record<string, unknown>): string {
  return typeof entry.name === 'string' ? entry.name : JSON.stringify(entry)
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
  if (!entries || entries.length === 0) return <span className="text-muted-foreground">{empty}</span>
  return (
    <ul className="flex flex-wrap gap-1">
      {entries.map((entry, index) => (
        <li key={index}>
          <Badge tone={entry.enabled === false ? 'neutral' : 'info'}>
            {nameOf(entry)}
            {entry.enabled === false ? ' (off)' : ''}
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
  const now = useNow()
  const binding = definition.workspaceBinding
  return (
    <dl>
      <Row label="Description">{definition.description || '—'}</Row>
      <Row label="Model">{definition.model || '—'}</Row>
      <Row label="Max iterations">{definition.maxIters ?? '—'}</Row>
      <Row label="System prompt">
        {definition.system ? (
          <pre className="max-h-60 overflow-auto rounded-md bg-muted p-2 font-sans text-sm whitespace-pre-wrap">
            {definition.system}
          </pre>
        ) : (
          '—'
        )}
      </Row>
      <Row label="Tools">
        <NameList entries={definition.tools} empty="No tools" />
      </Row>
      <Row label="MCP servers">
        <NameList entries={definition.mcpServers} empty="No MCP servers" />
      </Row>
      <Row label="Skills">
        <NameList entries={definition.skills} empty="No skills" />
      </Row>
      <Row label="Workspace">
        {definition.workspaceId || definition.workspacePath ? (
          <span className="font-mono text-xs">
            {[definition.workspaceId, definition.workspacePath].filter(Boolean).join(' · ')}
            {binding ? ` · ${typeof binding === 'string' ? binding : JSON.stringify(binding)}` : ''}
          </span>
        ) : (
          '—'
        )}
      </Row>
      <Row label="Session defaults">
        <span className="font-mono text-xs">
          {definition.defaultEnvironmentId || 'no default environment'}
        </span>
        {' · '}
        {definition.defaultMemoryStoreIds?.length ?? 0} memory stores ·{' '}
        {definition.defaultVaultIds?.length ?? 0} vaults{' '}
        <Button variant="link" className="h-auto p-0 underline" onClick={onEditDefaults}>
          Runtime configuration
        </Button>
      </Row>
      <Row label="Definition version">
        {definition.version}
        {definition.updatedAt ? (
          <>
            {', saved '}
            <time
              dateTime={new Date(definition.updatedAt).toISOString()}
              title={formatExactTime(definition.updatedAt)}
            >
              {formatRelativeTime(Math.min(definition.updatedAt, now), now)}
            </time>
          </>
        ) : null}
        {definition.updatedBy ? ` by ${definition.updatedBy}` : ''}
      </Row>
    </dl>
  )
}

/** What the agent is: its definition at a glance, all values shown as text. */
export function AgentOverview({ agentId, onEditDefaults }: { agentId: string; onEditDefaults: () => void }) {
  const query = useQuery(agentDefinitionQuery(agentId))
  if (query.isPending) return <LoadingState label="Loading the definition…" />
  if (query.isError) {
    return (
      <QueryErrorState
        title="The agent definition could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    )
  }
  return (
    <section aria-labelledby="agent-overview-heading" className="max-w-4xl">
      <h2 id="agent-overview-heading" className="sr-only">
        Overview
      </h2>
      <DefinitionSummary definition={query.data.definition} onEditDefaults={onEditDefaults} />
    </section>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { agentDefinitionQuery } from '@/data/agents/queries'
import { decodeAgentTools, type Toolset } from '@/data/agents/decode-tools'
import {
  builtInToolset,
  effectiveTools,
  ENVIRONMENT_TYPES,
  environmentEffect,
  type EffectiveTool,
  type EnvironmentEffect,
  type ToolSource,
  withToolSetting,
} from '../models/agent-tools'
import { useAgentToolsEditor, type ToolsConflict } from '../hooks/use-agent-tools-editor'
import { VerifyInNewSession } from './verify-in-new-session'
import { Button } from '@/components/ui/button'
import { Notice } from '@/components/ui/notice'
import { errorMessage } from '@/api/api-error'
import { environmentTypeLabel } from '@/lib/environment-type-label'
import { Badge } from '@/components/ui/badge'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { markInvisibleCharacters } from '@/lib/invisible-characters'
import { useT } from '@/i18n'

type T = ReturnType<typeof useT>['t']

function policyLabel(t: T, policy: string): string {
  switch (policy) {
    case 'always_allow':
      return t('agents.tools.policy.alwaysAllow')
    case 'always_ask':
      return t('agents.tools.policy.alwaysAsk')
    case 'deny':
      return t('agents.tools.policy.deny')
    default:
      return policy
  }
}

function sourceLabel(t: T, source: ToolSource): string {
  switch (source) {
    case 'override':
      return t('agents.tools.source.override')
    case 'default':
      return t('agents.tools.source.default')
    case 'not_listed':
      return t('agents.tools.source.notListed')
    case 'unlisted':
      return t('agents.tools.source.unlisted')
    case 'no_toolset':
      return t('agents.tools.source.noToolset')
  }
}

function effectLabel(t: T, effect: EnvironmentEffect): string {
  switch (effect) {
    case 'worker':
      return t('agents.tools.effect.worker')
    case 'no_shell':
      return t('agents.tools.effect.noShell')
    case 'files':
      return t('agents.tools.effect.files')
    case 'dataplane':
      return t('agents.tools.effect.dataplane')
    case 'sandbox':
      return t('agents.tools.effect.sandbox')
    case 'unknown':
      return ''
  }
}

/** The line under a tool: what each environment type does with it, when enabled. */
function environmentLine(t: T, tool: EffectiveTool): string {
  return ENVIRONMENT_TYPES.map(
    (type) => `${environmentTypeLabel(type)}: ${effectLabel(t, environmentEffect(type, tool.name))}`,
  ).join(' · ')
}

function DefaultLine({ toolset }: { toolset: Toolset | null }) {
  const { t } = useT('agents')
  if (!toolset) return <p className="text-sm text-muted-foreground">{t('agents.tools.noBuiltInToolset')}</p>
  return (
    <p className="text-sm">
      {t('agents.tools.defaultLine', {
        enabled: toolset.defaults.enabled === false ? t('agents.tools.disabled') : t('agents.tools.enabled'),
        policy: policyLabel(t, toolset.defaults.policy ?? 'always_allow'),
      })}
    </p>
  )
}

type ToolChange = (name: string, change: { enabled?: boolean; policy?: string }) => void

const POLICIES = ['always_allow', 'always_ask', 'deny'] as const

function ToolTable({
  caption,
  tools,
  showEnvironments,
  onChange,
}: {
  caption: string
  tools: EffectiveTool[]
  showEnvironments: boolean
  /** Absent: read-only. */
  onChange?: ToolChange
}) {
  const { t } = useT('agents')
  if (tools.length === 0)
    return <p className="text-sm text-muted-foreground">{t('agents.tools.noOverrides')}</p>
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t('agents.tools.column.tool')}
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t('agents.tools.column.enabled')}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t('agents.tools.column.policy')}
          </th>
        </tr>
      </thead>
      <tbody>
        {tools.map((tool) => (
          <tr key={tool.name} className="border-t border-border align-top">
            <th scope="row" className="py-2 pr-3 font-mono text-xs font-normal break-all">
              {markInvisibleCharacters(tool.name)}
              {tool.overridesDefault ? (
                <>
                  {' '}
                  <Badge tone="info">{t('agents.tools.overridden')}</Badge>
                </>
              ) : null}
              {showEnvironments && tool.enabled ? (
                <span className="mt-1 block font-sans text-xs text-muted-foreground">
                  {environmentLine(t, tool)}
                </span>
              ) : null}
            </th>
            <td className="py-2 pr-3">
              {onChange ? (
                <select
                  aria-label={t('agents.tools.enabledFor', { tool: tool.name })}
                  className="rounded-md border border-border bg-card px-2 py-1 text-sm"
                  value={tool.enabled ? 'on' : 'off'}
                  onChange={(event) => onChange(tool.name, { enabled: event.target.value === 'on' })}
                >
                  <option value="on">{t('agents.tools.enabled')}</option>
                  <option value="off">{t('agents.tools.disabled')}</option>
                </select>
              ) : (
                <Badge tone={tool.enabled ? 'success' : 'neutral'}>
                  {tool.enabled ? t('agents.tools.enabled') : t('agents.tools.disabled')}
                </Badge>
              )}
              <span className="block text-xs text-muted-foreground">{sourceLabel(t, tool.enabledFrom)}</span>
            </td>
            <td className="py-2">
              {onChange && tool.enabled ? (
                <select
                  aria-label={t('agents.tools.policyFor', { tool: tool.name })}
                  className="rounded-md border border-border bg-card px-2 py-1 text-sm"
                  value={tool.policy}
                  onChange={(event) => onChange(tool.name, { policy: event.target.value })}
                >
                  {(POLICIES as readonly string[]).includes(tool.policy) ? null : (
                    <option value={tool.policy}>{tool.policy}</option>
                  )}
                  {POLICIES.map((policy) => (
                    <option key={policy} value={policy}>
                      {policyLabel(t, policy)}
                    </option>
                  ))}
                </select>
              ) : tool.enabled ? (
                <Badge
                  tone={
                    tool.policy === 'deny' ? 'danger' : tool.policy === 'always_ask' ? 'warning' : 'neutral'
                  }
                >
                  {policyLabel(t, tool.policy)}
                </Badge>
              ) : (
                '—'
              )}
              {tool.enabled ? (
                <span className="block text-xs text-muted-foreground">{sourceLabel(t, tool.policyFrom)}</span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * Runtime configuration → Tools: which tools the agent's definition offers and with which
 * confirmation policy, grouped as upstream groups them, with each tool's effective value.
 */
export function AgentToolsPanel({
  agentId,
  readOnlyReason,
}: {
  agentId: string
  /** Why this user cannot change the tools, or null when they can. */
  readOnlyReason: string | null
}) {
  const { t } = useT('agents')
  const definition = useQuery(agentDefinitionQuery(agentId))
  const editor = useAgentToolsEditor(agentId, definition.data?.definition)
  const { hash } = useLocation()
  const sectionRef = useRef<HTMLElement>(null)
  const isLoaded = definition.isSuccess
  // A diagnosis links here (`#agent-tools`); the section renders after the definition is read.
  useEffect(() => {
    if (isLoaded && hash === '#agent-tools') sectionRef.current?.scrollIntoView({ block: 'start' })
  }, [isLoaded, hash])
  if (definition.isPending) return <LoadingState label={t('agents.tools.loading')} />
  if (definition.isError)
    return (
      <QueryErrorState
        title={t('agents.tools.error')}
        error={definition.error}
        onRetry={() => void definition.refetch()}
      />
    )
  const tools = editor.tools ?? decodeAgentTools(definition.data.definition.tools)
  const builtIn = builtInToolset(tools)
  const onChange: ToolChange | undefined =
    readOnlyReason === null
      ? (name, change) => editor.change(withToolSetting(tools, name, change))
      : undefined
  const mcp = tools.toolsets.filter((toolset) => toolset.kind === 'mcp')
  return (
    <section
      ref={sectionRef}
      id="agent-tools"
      aria-labelledby="agent-tools-heading"
      className="flex max-w-4xl flex-col gap-4"
    >
      <div>
        <h2 id="agent-tools-heading" className="text-lg font-semibold">
          {t('agents.tools.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('agents.tools.intro', { version: editor.base?.version ?? definition.data.definition.version })}
        </p>
      </div>
      {readOnlyReason !== null ? (
        <Notice tone="warning" title={<Badge tone="warning">{t('agents.tools.readOnly')}</Badge>}>
          {readOnlyReason}
        </Notice>
      ) : null}
      <section aria-labelledby="agent-tools-builtin" className="flex flex-col gap-2">
        <h3 id="agent-tools-builtin" className="font-medium">
          {t('agents.tools.builtInHeading')}
        </h3>
        <DefaultLine toolset={builtIn} />
        <ToolTable
          caption={t('agents.tools.builtInHeading')}
          tools={effectiveTools(builtIn)}
          showEnvironments
          onChange={onChange}
        />
      </section>
      {mcp.map((toolset, index) => {
        const server = markInvisibleCharacters(toolset.serverName || t('agents.tools.unnamedServer'))
        const id = `agent-tools-mcp-${index}`
        return (
          <section key={id} aria-labelledby={id} className="flex flex-col gap-2">
            <h3 id={id} className="font-medium">
              {t('agents.tools.mcpHeading', { server })}
            </h3>
            <DefaultLine toolset={toolset} />
            <ToolTable
              caption={t('agents.tools.mcpHeading', { server })}
              tools={effectiveTools(toolset, 'mcp')}
              showEnvironments={false}
            />
          </section>
        )
      })}
      {editor.conflict ? (
        <ConflictNotice
          conflict={editor.conflict}
          isSaving={editor.isSaving}
          onReapply={() => void editor.reapply()}
          onDiscard={editor.discard}
        />
      ) : null}
      {editor.saveError ? <Notice tone="danger">{errorMessage(editor.saveError)}</Notice> : null}
      {editor.savedVersion !== null ? (
        <>
          <p role="status" className="text-sm">
            {t('agents.tools.saved', { version: editor.savedVersion })}
          </p>
          <VerifyInNewSession
            agentId={agentId}
            version={editor.savedVersion}
            defaultEnvironmentId={definition.data.definition.defaultEnvironmentId ?? null}
          />
        </>
      ) : null}
      {onChange ? (
        <div className="flex gap-2">
          <Button disabled={!editor.isDirty || editor.isSaving} onClick={() => void editor.save()}>
            {editor.isSaving ? t('agents.tools.saving') : t('agents.tools.save')}
          </Button>
          <Button variant="secondary" disabled={!editor.isDirty || editor.isSaving} onClick={editor.discard}>
            {t('agents.tools.discard')}
          </Button>
        </div>
      ) : null}
      {tools.shape === 'flat' ? (
        <p className="text-xs text-muted-foreground">{t('agents.tools.flatShape')}</p>
      ) : null}
    </section>
  )
}

function summary(t: T, tool: EffectiveTool | undefined): string {
  if (!tool || !tool.enabled) return t('agents.tools.disabled')
  return `${t('agents.tools.enabled')}, ${policyLabel(t, tool.policy)}`
}

/** Both sides of a refused save: the user's tools and the latest version's, where they differ. */
function ConflictNotice({
  conflict,
  isSaving,
  onReapply,
  onDiscard,
}: {
  conflict: ToolsConflict
  isSaving: boolean
  onReapply: () => void
  onDiscard: () => void
}) {
  const { t } = useT('agents')
  const mine = effectiveTools(builtInToolset(conflict.tools))
  const theirs = effectiveTools(builtInToolset(decodeAgentTools(conflict.latest.tools)))
  const names = [...new Set([...mine, ...theirs].map((tool) => tool.name))]
  const differing = names.filter(
    (name) =>
      summary(
        t,
        mine.find((tool) => tool.name === name),
      ) !==
      summary(
        t,
        theirs.find((tool) => tool.name === name),
      ),
  )
  return (
    <Notice tone="warning" title={t('agents.tools.conflictTitle')}>
      <p>
        {t('agents.tools.conflictBody', { base: conflict.base.version, latest: conflict.latest.version })}
      </p>
      <table className="mt-2 text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className="pr-3">
              {t('agents.tools.column.tool')}
            </th>
            <th scope="col" className="pr-3">
              {t('agents.tools.conflictMine')}
            </th>
            <th scope="col">{t('agents.tools.conflictLatest', { version: conflict.latest.version })}</th>
          </tr>
        </thead>
        <tbody>
          {differing.map((name) => (
            <tr key={name}>
              <th scope="row" className="pr-3 font-mono text-xs font-normal">
                {markInvisibleCharacters(name)}
              </th>
              <td className="pr-3">
                {summary(
                  t,
                  mine.find((tool) => tool.name === name),
                )}
              </td>
              <td>
                {summary(
                  t,
                  theirs.find((tool) => tool.name === name),
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex gap-2">
        <Button disabled={isSaving} onClick={onReapply}>
          {t('agents.tools.conflictReapply', { version: conflict.latest.version })}
        </Button>
        <Button variant="secondary" disabled={isSaving} onClick={onDiscard}>
          {t('agents.tools.conflictDiscard')}
        </Button>
      </div>
    </Notice>
  )
}

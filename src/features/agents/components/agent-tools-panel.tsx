import { useQuery } from '@tanstack/react-query'
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
} from '../models/agent-tools'
import { environmentTypeLabel } from '../models/environment-labels'
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

function ToolTable({
  caption,
  tools,
  showEnvironments,
}: {
  caption: string
  tools: EffectiveTool[]
  showEnvironments: boolean
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
              <Badge tone={tool.enabled ? 'success' : 'neutral'}>
                {tool.enabled ? t('agents.tools.enabled') : t('agents.tools.disabled')}
              </Badge>
              <span className="block text-xs text-muted-foreground">{sourceLabel(t, tool.enabledFrom)}</span>
            </td>
            <td className="py-2">
              {tool.enabled ? (
                <>
                  <Badge
                    tone={
                      tool.policy === 'deny' ? 'danger' : tool.policy === 'always_ask' ? 'warning' : 'neutral'
                    }
                  >
                    {policyLabel(t, tool.policy)}
                  </Badge>
                  <span className="block text-xs text-muted-foreground">
                    {sourceLabel(t, tool.policyFrom)}
                  </span>
                </>
              ) : (
                '—'
              )}
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
export function AgentToolsPanel({ agentId }: { agentId: string }) {
  const { t } = useT('agents')
  const definition = useQuery(agentDefinitionQuery(agentId))
  if (definition.isPending) return <LoadingState label={t('agents.tools.loading')} />
  if (definition.isError)
    return (
      <QueryErrorState
        title={t('agents.tools.error')}
        error={definition.error}
        onRetry={() => void definition.refetch()}
      />
    )
  const tools = decodeAgentTools(definition.data.definition.tools)
  const builtIn = builtInToolset(tools)
  const mcp = tools.toolsets.filter((toolset) => toolset.kind === 'mcp')
  return (
    <section aria-labelledby="agent-tools-heading" className="flex max-w-4xl flex-col gap-4">
      <div>
        <h2 id="agent-tools-heading" className="text-lg font-semibold">
          {t('agents.tools.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('agents.tools.intro', { version: definition.data.definition.version })}
        </p>
      </div>
      <section aria-labelledby="agent-tools-builtin" className="flex flex-col gap-2">
        <h3 id="agent-tools-builtin" className="font-medium">
          {t('agents.tools.builtInHeading')}
        </h3>
        <DefaultLine toolset={builtIn} />
        <ToolTable
          caption={t('agents.tools.builtInHeading')}
          tools={effectiveTools(builtIn)}
          showEnvironments
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
      {tools.shape === 'flat' ? (
        <p className="text-xs text-muted-foreground">{t('agents.tools.flatShape')}</p>
      ) : null}
    </section>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useParams, useSearchParams } from 'react-router'
import { useDocumentTitle } from '../use-document-title'
import { useWriteAccess } from '../use-write-access'
import { VisibleText } from '@/components/text/visible-text'
import { HeaderActions } from '@/components/layout/header-actions'
import { PageHeader } from '@/components/layout/page-header'
import { buttonVariants } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { FamilyUnavailable } from '@/components/ui/family-unavailable'
import { useFamilyStatus } from '@/data/server/queries'
import { Link } from '@/components/ui/link'
import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary'
import { TabPanel, Tabs, type TabItem } from '@/components/ui/tabs'
import { AgentOverview } from '@/features/agents/components/agent-overview'
import { AgentVersions } from '@/features/agents/components/agent-versions'
import { SessionDefaultsPanel } from '@/features/agents/components/session-defaults-panel'
import { AgentToolsPanel } from '@/features/agents/components/agent-tools-panel'
import { agentStatusBadge } from '@/features/agents/models/agent-status'
import { agentDefinitionQuery, agentListQuery } from '@/data/agents/queries'
import { namespaceResourcesQuery } from '@/data/identity/queries'
import { useScopeStore } from '@/features/identity/stores/scope-store'
import { t, useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

const TAB_VALUES = ['overview', 'runtime', 'versions'] as const
type AgentTab = (typeof TAB_VALUES)[number]

function tabLabel(tab: AgentTab): string {
  switch (tab) {
    case 'overview':
      return t('app.agentDetail.tabs.overview')
    case 'runtime':
      return t('app.agentDetail.tabs.runtime')
    case 'versions':
      return t('app.agentDetail.tabs.versions')
  }
}

const readTab = (value: string | null): AgentTab => TAB_VALUES.find((tab) => tab === value) ?? 'overview'

/** Why the session defaults are read-only for this user and agent, or null when they can edit. */
function useReadOnlyReason(agentId: string, isArchived: boolean): string | null {
  const { canWrite, readOnlyReason } = useWriteAccess()
  const namespace = useScopeStore((state) => state.namespace)
  // Per-resource actions refine the role (api-notes §8.6); servers spell the kind two ways.
  const resources = useQuery({ ...namespaceResourcesQuery(namespace ?? ''), enabled: Boolean(namespace) })
  const entry = resources.data?.find(
    (item) =>
      item.resource.id === agentId &&
      (item.resource.kind === 'managed-agent' || item.resource.kind === 'agent'),
  )
  if (!canWrite) return readOnlyReason
  if (isArchived) return t('app.agentDetail.archivedReason')
  if (entry && !entry.actions.includes('edit')) {
    return t('app.agentDetail.noEditAccess')
  }
  return null
}

/**
 * On a Gateway without the agent catalog (the 2026-08 release) the page says so instead of
 * sending requests that can only fail; otherwise it is the agent's page.
 */
export default function AgentDetailRoute() {
  const { t } = useT('app', 'app:screens')
  // Not waited for: the page's own requests start at once, and the sentence replaces it as soon as
  // the sign-in probes (usually back already) say the catalog is missing.
  const catalog = useFamilyStatus('agentCatalog')
  if (catalog !== 'absent') return <AgentDetailScreen />
  return (
    <>
      <PageHeader title={t('app.agentDetail.fallbackTitle')} />
      <div className="p-6">
        <FamilyUnavailable family="agentCatalog" />
      </div>
    </>
  )
}

function AgentDetailScreen() {
  const { t } = useT('app', 'app:screens')
  const { agentId = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const tab = readTab(params.get('tab'))
  const tenant = useScopeStore((state) => state.tenant)
  const namespace = useScopeStore((state) => state.namespace)
  const definition = useQuery(agentDefinitionQuery(agentId))
  const agents = useQuery(agentListQuery('all'))
  const agent = agents.data?.find((candidate) => candidate.id === agentId)
  const readOnlyReason = useReadOnlyReason(agentId, agent?.status === 'archived')
  const { canWrite } = useWriteAccess()
  const canStartSession = canWrite && agent !== undefined && agent.status !== 'archived'

  const showTab = (next: AgentTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next === 'overview') updated.delete('tab')
        else updated.set('tab', next)
        return updated
      },
      { replace: true },
    )

  // An agent without a managed definition (404) is still named by the catalog.
  const title = definition.data?.definition.name || agent?.name || t('app.agentDetail.fallbackTitle')
  useDocumentTitle(definition.data?.definition.name || agent?.name || agentId, t('app.agents.title'))
  const status = agent ? agentStatusBadge(agent.status) : null
  const tabs: TabItem<AgentTab>[] = TAB_VALUES.map((value) => ({ value, label: tabLabel(value) }))
  return (
    <>
      <PageHeader
        title={<VisibleText text={title} />}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{agentId}</span>
            {status ? <Badge tone={status.tone}>{status.label}</Badge> : null}
            <Link className="text-primary underline underline-offset-4" to="/agents">
              {t('app.agentDetail.allAgents')}
            </Link>
          </span>
        }
        actions={
          // One primary action: start a session with this agent. Its definition and defaults are
          // edited in the tabs, and the catalog API the console speaks has no archive or delete.
          canStartSession ? (
            <HeaderActions
              primary={
                <Link
                  className={buttonVariants({ variant: 'primary' })}
                  to={`/sessions?new=1&agentId=${encodeURIComponent(agentId)}`}
                >
                  {t('app.agentDetail.newSession')}
                </Link>
              }
            />
          ) : null
        }
      />
      <div className="flex flex-col p-6">
        <Tabs
          label={t('app.agentDetail.sections')}
          idBase="agent"
          items={tabs}
          value={tab}
          onValueChange={showTab}
        />
        <TabPanel idBase="agent" value={tab}>
          {/* Keyed by tab: switching tabs leaves a crashed section behind. */}
          <PanelErrorBoundary key={tab} title={t('app.agentDetail.sectionFailed')}>
            {tab === 'overview' ? (
              <AgentOverview agentId={agentId} onEditDefaults={() => showTab('runtime')} />
            ) : tab === 'runtime' ? (
              <div className="flex flex-col gap-8">
                <SessionDefaultsPanel
                  agentId={agentId}
                  readOnlyReason={readOnlyReason}
                  scope={{ tenant, namespace }}
                  onShowVersions={() => showTab('versions')}
                />
                <AgentToolsPanel agentId={agentId} readOnlyReason={readOnlyReason} />
              </div>
            ) : (
              <AgentVersions agentId={agentId} />
            )}
          </PanelErrorBoundary>
        </TabPanel>
      </div>
    </>
  )
}

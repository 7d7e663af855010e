import { useParams } from 'react-router'
import { useDocumentTitle } from '../use-document-title'
import { PageHeader } from '@/components/layout/page-header'
import { CopyButton } from '@/components/ui/copy-button'
import { FamilyUnavailable } from '@/components/ui/family-unavailable'
import { Link } from '@/components/ui/link'
import { useFamilyStatus } from '@/data/server/queries'
import { SubagentInspector } from '@/features/sessions/components/subagent-inspector'
import { parseSubagentChain } from '@/features/sessions/models/subagent-path'
import { useT } from '@/i18n'
import '@/styles/index.css'

/** `/sessions/{root}/subagents/{child}/{grandchild}/…`: a sub-agent of the caller's session. */
export default function SubagentDetailRoute() {
  const { t } = useT('app', 'app:screens', 'sessions:inspector')
  const { sessionId = '', '*': splat } = useParams()
  const chain = parseSubagentChain(splat)
  const childId = chain.at(-1) ?? ''
  const sessionsApi = useFamilyStatus('agentSessions')
  const subagentsApi = useFamilyStatus('subagents')
  useDocumentTitle(childId, t('app.sessions.title'))
  return (
    <>
      <PageHeader
        title={t('sessions.subagents.child.title')}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-mono">{childId}</span>
            <CopyButton text={childId} label={t('app.sessionDetail.copyId')} />
          </span>
        }
        actions={
          <Link className="text-sm text-primary hover:underline" to="/sessions">
            {t('app.sessionDetail.allSessions')}
          </Link>
        }
      />
      <div className="p-6">
        {sessionsApi === 'absent' ? (
          <FamilyUnavailable family="agentSessions" />
        ) : subagentsApi === 'absent' ? (
          <FamilyUnavailable family="subagents" />
        ) : (
          // Keyed by the path: each sub-agent's log, cursor and stream belong to it alone.
          <SubagentInspector key={`${sessionId}/${chain.join('/')}`} rootId={sessionId} chain={chain} />
        )}
      </div>
    </>
  )
}

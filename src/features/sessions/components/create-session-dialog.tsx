import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { environmentWithType } from '../models/environment-type-label'
import { AgentDefaults } from './agent-defaults'
import { WorkerAvailabilityNotice } from './worker-availability-notice'
import { Link } from '@/components/ui/link'
import { markInvisibleCharacters } from '@/lib/invisible-characters'
import { agentDefinitionQuery, agentListQuery } from '@/data/agents/queries'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import { useCreateSession } from '@/data/sessions/mutations'
import { recentSessionsQuery } from '@/data/sessions/queries'
import type { Session, SessionCreate } from '@/data/sessions/types'
import { mayHaveActed } from '../models/may-have-acted'
import { useSessionOriginsStore } from '../stores/session-origins-store'
import { errorMessage, isApiError } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { FailureNotice } from '@/components/ui/failure-notice'
import { ChoiceField, Field, FieldGroup } from '@/components/ui/field'
import { Select } from '@/components/ui/input'
import { Notice } from '@/components/ui/notice'
import { RichText, useT } from '@/i18n'
import { formatRelativeTime } from '@/lib/format-time'
import { useNow } from '@/lib/use-now'

/** Browser and server clocks differ; a session this much older than the attempt still counts. */
const CLOCK_SKEW_MS = 2 * 60_000

/**
 * A create whose answer was lost may have made the session (the server does not dedupe creates,
 * C16): the console looks in the caller's list for a session of this agent made since the attempt
 * and offers to open it, and sends the user to the list before a second try makes another.
 */
type Lookup = { isPending: boolean; isError: boolean; found: Session | undefined }

function MaybeCreatedNotice({
  error,
  agentId,
  lookup,
  onOpenList,
}: {
  error: unknown
  agentId: string
  /** The search of the caller's list for the session the lost answer may have made. */
  lookup: Lookup
  onOpenList: () => void
}) {
  const { t } = useT('sessions')
  const now = useNow()
  const { found } = lookup
  const requestId = isApiError(error) ? error.requestId : undefined
  return (
    <Notice tone="warning" role="alert" title={<span className="break-words">{errorMessage(error)}</span>}>
      <p>
        <RichText
          id="sessions.create.mayExist"
          values={{
            list: (
              <Link
                className="font-medium text-primary underline"
                to={`/sessions?agentId=${encodeURIComponent(agentId)}`}
                onClick={onOpenList}
              >
                {t('sessions.create.openList')}
              </Link>
            ),
          }}
        />
      </p>
      <p className="mt-2" role="status">
        {lookup.isPending ? (
          t('sessions.create.lookingForIt')
        ) : lookup.isError ? (
          t('sessions.create.lookupFailed')
        ) : found ? (
          <>
            {t('sessions.create.foundIt', { time: formatRelativeTime(found.createdAt, now) })}{' '}
            <Link className="font-medium text-primary underline" to={`/sessions/${found.id}`}>
              {t('sessions.create.openFound', { session: found.id })}
            </Link>
          </>
        ) : (
          t('sessions.create.notFound')
        )}
      </p>
      {requestId ? (
        <p className="mt-1 text-xs text-muted-foreground">
          {t('sessions.create.requestId', { request: requestId })}
        </p>
      ) : null}
    </Notice>
  )
}

function CreateSessionForm({ initialAgentId, onCancel }: { initialAgentId: string; onCancel: () => void }) {
  const { t } = useT('sessions')
  const id = useId()
  const navigate = useNavigate()
  const agents = useQuery(agentListQuery())
  // Fresh each time the dialog opens: an environment created a moment ago must be offered.
  const environments = useQuery({ ...allEnvironmentsQuery(), refetchOnMount: 'always' })
  const [agentId, setAgentId] = useState(initialAgentId)
  const [choice, setChoice] = useState<'inherit' | 'explicit'>('inherit')
  const [environmentId, setEnvironmentId] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [attemptAt, setAttemptAt] = useState(0)
  const create = useCreateSession()
  const queryClient = useQueryClient()
  // The same query AgentDefaults shows: what an inheriting session gets. Read afresh for this
  // dialog (staleTime 0), since another client may have changed the default a moment ago.
  const definition = useQuery({ ...agentDefinitionQuery(agentId), enabled: agentId !== '', staleTime: 0 })
  const rememberCreation = useSessionOriginsStore((state) => state.rememberCreation)
  const isExplicit = choice === 'explicit'
  const isAmbiguous = error !== null && mayHaveActed(error)
  const recent = useQuery({
    ...recentSessionsQuery(agentId, attemptAt - CLOCK_SKEW_MS),
    enabled: isAmbiguous && agentId !== '',
  })
  const lookup: Lookup = {
    isPending: isAmbiguous && recent.isPending,
    isError: recent.isError,
    found: recent.data?.find((session) => !isExplicit || session.environmentId === environmentId),
  }
  // After a lost answer, not before the list has been searched for the session it may have made.
  const canSubmit =
    agentId !== '' && (!isExplicit || environmentId !== '') && !create.isPending && !lookup.isPending
  // Where the session's tools will run: the chosen environment, else the agent's default.
  const targetEnvironmentId = isExplicit
    ? environmentId
    : agentId && definition.isSuccess
      ? (definition.data.definition.defaultEnvironmentId ?? '')
      : ''

  async function handleSubmit() {
    const body: SessionCreate = { agent: agentId, ...(isExplicit ? { environmentId } : {}) }
    setError(null)
    setAttemptAt(Date.now())
    // The default as the server sees it at the moment of the create, to tell an inherited
    // environment from one the server chose; without it the session is described as unknown.
    const definitionNow = isExplicit
      ? Promise.resolve(null)
      : queryClient
          .fetchQuery({ ...agentDefinitionQuery(agentId), staleTime: 0 })
          .then((envelope) => envelope.definition)
          .catch(() => null)
    try {
      const [session, known] = await Promise.all([create.mutateAsync(body), definitionNow])
      // Recorded only when the console knows what the agent's default was (or did not need it).
      if (isExplicit || known) {
        rememberCreation(session.id, {
          requestedEnvironmentId: isExplicit ? environmentId : null,
          agentDefaultEnvironmentId: known?.defaultEnvironmentId ?? null,
          agentVersion: known?.version ?? null,
        })
      }
      void navigate(`/sessions/${session.id}`)
    } catch (caught) {
      setError(caught ?? new Error(String(caught)))
    }
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (canSubmit) void handleSubmit()
      }}
    >
      <Field label={t('sessions.create.agent')}>
        {(control) => (
          <Select {...control} value={agentId} onChange={(event) => setAgentId(event.target.value)}>
            <option value="">{t('sessions.create.chooseAgent')}</option>
            {(agents.data ?? []).map((agent) => (
              <option key={agent.id} value={agent.id}>
                {markInvisibleCharacters(agent.displayName ?? agent.name)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {agentId ? <AgentDefaults agentId={agentId} environments={environments.data ?? []} /> : null}
      <FieldGroup legend={t('sessions.create.environmentLegend')}>
        <ChoiceField label={t('sessions.create.inherit')}>
          {(control) => (
            <input
              {...control}
              type="radio"
              name={`${id}-choice`}
              checked={!isExplicit}
              onChange={() => setChoice('inherit')}
            />
          )}
        </ChoiceField>
        <ChoiceField label={t('sessions.create.explicit')}>
          {(control) => (
            <input
              {...control}
              type="radio"
              name={`${id}-choice`}
              checked={isExplicit}
              onChange={() => setChoice('explicit')}
            />
          )}
        </ChoiceField>
        {isExplicit ? (
          <Field
            label={t('sessions.create.environment')}
            hint={t('sessions.create.explicitHint')}
            size="small"
            className="pl-6"
          >
            {(control) => (
              <Select
                {...control}
                value={environmentId}
                onChange={(event) => setEnvironmentId(event.target.value)}
              >
                <option value="">{t('sessions.choose')}</option>
                {(environments.data ?? []).map((environment) => (
                  <option key={environment.id} value={environment.id}>
                    {environmentWithType(environment)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
      </FieldGroup>
      {targetEnvironmentId ? <WorkerAvailabilityNotice environmentId={targetEnvironmentId} /> : null}
      {error === null ? null : isAmbiguous ? (
        <MaybeCreatedNotice error={error} agentId={agentId} lookup={lookup} onOpenList={onCancel} />
      ) : (
        <FailureNotice error={error} />
      )}
      <DialogFooter>
        <Button onClick={onCancel}>{t('sessions.create.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={!canSubmit}>
          {create.isPending
            ? t('sessions.create.creating')
            : isAmbiguous
              ? t('sessions.create.createAgain')
              : error
                ? t('sessions.create.retry')
                : t('sessions.create.submit')}
        </Button>
      </DialogFooter>
    </form>
  )
}

/**
 * "New session": pick an agent, see what it inherits, optionally choose an environment, go.
 * `isRequested` opens it from outside (the address says so); `onRequestDone` is told when it closes.
 */
export function CreateSessionDialog({
  initialAgentId = '',
  isRequested = false,
  onRequestDone,
}: {
  initialAgentId?: string
  isRequested?: boolean
  onRequestDone?: () => void
}) {
  const { t } = useT('sessions')
  const [isOpenHere, setIsOpenHere] = useState(false)
  const open = isOpenHere || isRequested
  const setOpen = (next: boolean) => {
    setIsOpenHere(next)
    if (!next && isRequested) onRequestDone?.()
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('sessions.create.title')}
      </Button>
      <DialogContent title={t('sessions.create.title')} description={t('sessions.create.description')}>
        {open ? <CreateSessionForm initialAgentId={initialAgentId} onCancel={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

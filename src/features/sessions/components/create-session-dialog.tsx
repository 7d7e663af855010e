import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { AgentDefaults } from './agent-defaults'
import { useCreateSession } from '@/data/sessions/mutations'
import { agentListQuery } from '@/data/agents/queries'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import { useIdempotentSubmit } from '../hooks/use-idempotent-submit'
import type { components } from '@/api/schema.gen'
import { Button } from '@/components/ui/button'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog'
import { Select } from '@/components/ui/input'
import { useT } from '@/i18n'

type SessionCreate = components['schemas']['SessionCreate']

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
  const create = useCreateSession()
  // The same body retried (after a timeout, an error) reuses its key, so it cannot create two sessions.
  const { submit } = useIdempotentSubmit('session-create')
  const isExplicit = choice === 'explicit'
  const canSubmit = agentId !== '' && (!isExplicit || environmentId !== '') && !create.isPending

  async function handleSubmit() {
    const body: SessionCreate = { agent: agentId, ...(isExplicit ? { environmentId } : {}) }
    setError(null)
    try {
      const session = await submit(JSON.stringify(body), (idempotencyKey) =>
        create.mutateAsync({ body, idempotencyKey }),
      )
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
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-agent`} className="text-sm font-medium">
          {t('sessions.create.agent')}
        </label>
        <Select id={`${id}-agent`} value={agentId} onChange={(event) => setAgentId(event.target.value)}>
          <option value="">{t('sessions.create.chooseAgent')}</option>
          {(agents.data ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </Select>
      </div>
      {agentId ? <AgentDefaults agentId={agentId} environments={environments.data ?? []} /> : null}
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="font-medium">{t('sessions.create.environmentLegend')}</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-choice`}
            checked={!isExplicit}
            onChange={() => setChoice('inherit')}
          />
          {t('sessions.create.inherit')}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-choice`}
            checked={isExplicit}
            onChange={() => setChoice('explicit')}
          />
          {t('sessions.create.explicit')}
        </label>
        {isExplicit ? (
          <div className="flex flex-col gap-1 pl-6">
            <label htmlFor={`${id}-environment`} className="text-xs font-medium">
              {t('sessions.create.environment')}
            </label>
            <Select
              id={`${id}-environment`}
              value={environmentId}
              onChange={(event) => setEnvironmentId(event.target.value)}
            >
              <option value="">{t('sessions.choose')}</option>
              {(environments.data ?? []).map((environment) => (
                <option key={environment.id} value={environment.id}>
                  {t('sessions.environmentWithType', { name: environment.name, type: environment.type })}
                </option>
              ))}
            </Select>
            <p className="text-xs text-muted-foreground">{t('sessions.create.explicitHint')}</p>
          </div>
        ) : null}
      </fieldset>
      {error ? <FailureNotice error={error} /> : null}
      <DialogFooter>
        <Button onClick={onCancel}>{t('sessions.create.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={!canSubmit}>
          {create.isPending
            ? t('sessions.create.creating')
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
      <DialogTrigger asChild>
        <Button variant="primary">{t('sessions.create.title')}</Button>
      </DialogTrigger>
      <DialogContent title={t('sessions.create.title')} description={t('sessions.create.description')}>
        {open ? <CreateSessionForm initialAgentId={initialAgentId} onCancel={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

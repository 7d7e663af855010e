import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { AgentDefaults } from './agent-defaults'
import { useCreateSession } from '../api/mutations'
import { agentsQuery, environmentsQuery } from '../api/queries'
import { useIdempotentSubmit } from '../hooks/use-idempotent-submit'
import { errorMessage } from '@/api/api-error'
import type { components } from '@/api/schema.gen'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog'
import { Select } from '@/components/ui/input'

type SessionCreate = components['schemas']['SessionCreate']

function CreateSessionForm({ initialAgentId, onCancel }: { initialAgentId: string; onCancel: () => void }) {
  const id = useId()
  const navigate = useNavigate()
  const agents = useQuery(agentsQuery())
  // Fresh each time the dialog opens: an environment created a moment ago must be offered.
  const environments = useQuery({ ...environmentsQuery(), refetchOnMount: 'always' })
  const [agentId, setAgentId] = useState(initialAgentId)
  const [choice, setChoice] = useState<'inherit' | 'explicit'>('inherit')
  const [environmentId, setEnvironmentId] = useState('')
  const [error, setError] = useState<string | null>(null)
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
      setError(errorMessage(caught))
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
          Agent
        </label>
        <Select id={`${id}-agent`} value={agentId} onChange={(event) => setAgentId(event.target.value)}>
          <option value="">Choose an agent…</option>
          {(agents.data ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.displayName ?? agent.name}
            </option>
          ))}
        </Select>
      </div>
      {agentId ? <AgentDefaults agentId={agentId} environments={environments.data ?? []} /> : null}
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="font-medium">Environment for this session</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-choice`}
            checked={!isExplicit}
            onChange={() => setChoice('inherit')}
          />
          Inherit the agent’s default
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-choice`}
            checked={isExplicit}
            onChange={() => setChoice('explicit')}
          />
          Choose an environment for this session only
        </label>
        {isExplicit ? (
          <div className="flex flex-col gap-1 pl-6">
            <label htmlFor={`${id}-environment`} className="text-xs font-medium">
              Environment
            </label>
            <Select
              id={`${id}-environment`}
              value={environmentId}
              onChange={(event) => setEnvironmentId(event.target.value)}
            >
              <option value="">Choose…</option>
              {(environments.data ?? []).map((environment) => (
                <option key={environment.id} value={environment.id}>
                  {environment.name} ({environment.type})
                </option>
              ))}
            </Select>
            <p className="text-xs text-muted-foreground">
              The agent’s default stays as it is; only this session uses it.
            </p>
          </div>
        ) : null}
      </fieldset>
      {error ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={!canSubmit}>
          {create.isPending ? 'Creating…' : error ? 'Retry create' : 'Create session'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** "New session": pick an agent, see what it inherits, optionally choose an environment, go. */
export function CreateSessionDialog({ initialAgentId = '' }: { initialAgentId?: string }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="primary">New session</Button>
      </DialogTrigger>
      <DialogContent
        title="New session"
        description="Creating a session records where it runs; nothing executes until you submit a turn."
      >
        {open ? <CreateSessionForm initialAgentId={initialAgentId} onCancel={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

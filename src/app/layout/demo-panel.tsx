import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { Input, Label } from '@/components/ui/input'
import { createMockControlClient } from '@/mocks/engine/control-client'
import type { MockFaults } from '@/mocks/backend'

const controls = createMockControlClient()

type Toggle =
  'killWorkerMidClaim' | 'workersOffline' | 'localEnvironmentsDisabled' | 'sandboxCredentialsMissing'

const toggles: { key: Toggle; label: string }[] = [
  { key: 'workersOffline', label: 'All virtual workers offline (nobody polls)' },
  { key: 'killWorkerMidClaim', label: 'Kill the next worker right after it claims work' },
  { key: 'localEnvironmentsDisabled', label: 'Local environments disabled by deployment policy' },
  { key: 'sandboxCredentialsMissing', label: 'Sandbox (E2B) credentials missing' },
]

/** The share of every /api route that fails, as the panel edits it (one rule for all routes). */
function apiErrorPercent(faults: MockFaults): number {
  const rule = faults.errorRates.find((candidate) => candidate.path === '/api/*')
  return rule ? Math.round(rule.rate * 100) : 0
}

function FaultsForm({
  faults,
  onApply,
  onClear,
}: {
  faults: MockFaults
  onApply: (patch: Partial<MockFaults>) => void
  onClear: () => void
}) {
  const [latency, setLatency] = useState(String(faults.latencyMs))
  const [errorPercent, setErrorPercent] = useState(String(apiErrorPercent(faults)))
  const [dropSeconds, setDropSeconds] = useState(String(faults.streamDropEveryMs / 1000))
  const [flags, setFlags] = useState<Record<Toggle, boolean>>({
    killWorkerMidClaim: faults.killWorkerMidClaim,
    workersOffline: faults.workersOffline,
    localEnvironmentsDisabled: faults.localEnvironmentsDisabled,
    sandboxCredentialsMissing: faults.sandboxCredentialsMissing,
  })

  function handleApply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const percent = Math.min(100, Math.max(0, Number(errorPercent) || 0))
    onApply({
      latencyMs: Math.max(0, Number(latency) || 0),
      errorRates: percent > 0 ? [{ path: '/api/*', rate: percent / 100 }] : [],
      streamDropEveryMs: Math.max(0, Number(dropSeconds) || 0) * 1000,
      ...flags,
    })
  }

  return (
    <form onSubmit={handleApply} className="flex flex-col gap-3" aria-label="Faults">
      <div className="grid grid-cols-3 gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor="demo-latency">Added latency (ms)</Label>
          <Input
            id="demo-latency"
            type="number"
            min={0}
            value={latency}
            onChange={(e) => setLatency(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="demo-errors">Server errors (% of API calls)</Label>
          <Input
            id="demo-errors"
            type="number"
            min={0}
            max={100}
            value={errorPercent}
            onChange={(e) => setErrorPercent(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="demo-drop">Drop event streams every (s)</Label>
          <Input
            id="demo-drop"
            type="number"
            min={0}
            value={dropSeconds}
            onChange={(e) => setDropSeconds(e.target.value)}
          />
        </div>
      </div>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="text-sm font-medium">Failures</legend>
        {toggles.map((toggle) => (
          <label key={toggle.key} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={flags[toggle.key]}
              onChange={(e) => setFlags((current) => ({ ...current, [toggle.key]: e.target.checked }))}
            />
            {toggle.label}
          </label>
        ))}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" variant="primary">
          Apply faults
        </Button>
        <Button onClick={onClear}>Clear all faults</Button>
      </div>
    </form>
  )
}

/**
 * Demo controls, only while the bundled mock answers: inject faults, kill or restart the virtual
 * workers, and reset the demo data. These call the mock's own `/__mock/*` routes, never the API.
 */
export function DemoPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [error, setError] = useState<string | null>(null)
  const state = useQuery({
    queryKey: ['demo-backend', 'state'],
    queryFn: () => controls.state(),
    enabled: open,
  })

  async function run(action: () => Promise<unknown>) {
    setError(null)
    try {
      await action()
      await state.refetch()
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught))
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Demo backend controls"
        description="Break things on purpose to see how the console behaves. Only the bundled mock has these controls."
        className="w-[min(94vw,44rem)]"
      >
        {error ? (
          <p role="alert" className="mb-3 rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            {error}
          </p>
        ) : null}
        {state.data ? (
          <FaultsForm
            key={state.dataUpdatedAt}
            faults={state.data.faults}
            onApply={(patch) => void run(() => controls.setFaults(patch))}
            onClear={() => void run(() => controls.clearFaults())}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            {state.isError ? 'The demo controls did not answer.' : 'Loading…'}
          </p>
        )}
        <section aria-labelledby="demo-workers" className="mt-5">
          <h3 id="demo-workers" className="text-sm font-semibold">
            Virtual workers
          </h3>
          {state.data && state.data.workers.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-2">
              {state.data.workers.map((worker) => (
                <li
                  key={worker.workerId}
                  className="flex flex-wrap items-center justify-between gap-2 text-sm"
                >
                  <span>
                    <span className="font-mono">{worker.workerId}</span> on{' '}
                    <span className="font-mono text-xs">{worker.environmentId}</span> ·{' '}
                    {worker.state.replace('_', ' ')}
                    {worker.lastError ? (
                      <span className="text-muted-foreground"> · {worker.lastError}</span>
                    ) : null}
                  </span>
                  <span className="flex gap-2">
                    <Button size="sm" onClick={() => void run(() => controls.killWorker(worker.workerId))}>
                      Kill {worker.workerId}
                    </Button>
                    <Button size="sm" onClick={() => void run(() => controls.restartWorker(worker.workerId))}>
                      Restart {worker.workerId}
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">
              {state.data ? 'No virtual workers.' : 'Loading…'}
            </p>
          )}
        </section>
        <DialogFooter className="justify-between">
          <Button
            variant="destructive"
            onClick={() =>
              void run(async () => {
                await controls.reset()
                window.location.reload()
              })
            }
          >
            Reset demo data
          </Button>
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

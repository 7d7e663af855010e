import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Input, Label } from '@/components/ui/input'
import { RichText, t, useT } from '@/i18n'
import { API_VARIANT_STORAGE_KEY, type ApiVariant } from '@/mocks/lib/api-variant'
import { createMockControlClient } from '@/mocks/lib/control-client'
import type { MockFaults } from '@/mocks/lib/faults'
import type { VirtualWorkerState } from '@/mocks/lib/control-types'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

const controls = createMockControlClient()

type Toggle =
  | 'killWorkerMidClaim'
  | 'killRunMidTool'
  | 'usageUnreported'
  | 'workersOffline'
  | 'localEnvironmentsDisabled'
  | 'sandboxCredentialsMissing'

const toggles: Toggle[] = [
  'workersOffline',
  'killWorkerMidClaim',
  'killRunMidTool',
  'usageUnreported',
  'localEnvironmentsDisabled',
  'sandboxCredentialsMissing',
]

function toggleLabel(toggle: Toggle): string {
  switch (toggle) {
    case 'workersOffline':
      return t('app.demo.toggles.workersOffline')
    case 'killWorkerMidClaim':
      return t('app.demo.toggles.killWorkerMidClaim')
    case 'killRunMidTool':
      return t('app.demo.toggles.killRunMidTool')
    case 'usageUnreported':
      return t('app.demo.toggles.usageUnreported')
    case 'localEnvironmentsDisabled':
      return t('app.demo.toggles.localEnvironmentsDisabled')
    case 'sandboxCredentialsMissing':
      return t('app.demo.toggles.sandboxCredentialsMissing')
  }
}

function workerStateLabel(state: VirtualWorkerState): string {
  switch (state) {
    case 'polling':
      return t('app.demo.workerState.polling')
    case 'working':
      return t('app.demo.workerState.working')
    case 'stopped':
      return t('app.demo.workerState.stopped')
    case 'key_rejected':
      return t('app.demo.workerState.keyRejected')
    case 'killed':
      return t('app.demo.workerState.killed')
  }
}

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
  const { t } = useT('app', 'app:demo')
  const [latency, setLatency] = useState(String(faults.latencyMs))
  const [errorPercent, setErrorPercent] = useState(String(apiErrorPercent(faults)))
  const [dropSeconds, setDropSeconds] = useState(String(faults.streamDropEveryMs / 1000))
  const [flags, setFlags] = useState<Record<Toggle, boolean>>({
    killWorkerMidClaim: faults.killWorkerMidClaim,
    killRunMidTool: faults.killRunMidTool,
    usageUnreported: faults.usageUnreported,
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
    <form onSubmit={handleApply} className="flex flex-col gap-3" aria-label={t('app.demo.faults')}>
      <div className="grid grid-cols-3 gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor="demo-latency">{t('app.demo.latency')}</Label>
          <Input
            id="demo-latency"
            type="number"
            min={0}
            value={latency}
            onChange={(e) => setLatency(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="demo-errors">{t('app.demo.errorRate')}</Label>
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
          <Label htmlFor="demo-drop">{t('app.demo.streamDrop')}</Label>
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
        <legend className="text-sm font-medium">{t('app.demo.failures')}</legend>
        {toggles.map((toggle) => (
          <label key={toggle} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={flags[toggle]}
              onChange={(e) => setFlags((current) => ({ ...current, [toggle]: e.target.checked }))}
            />
            {toggleLabel(toggle)}
          </label>
        ))}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" variant="primary">
          {t('app.demo.apply')}
        </Button>
        <Button onClick={onClear}>{t('app.demo.clear')}</Button>
      </div>
    </form>
  )
}

/**
 * Which upstream the mock answers like. The choice is kept for the next start of the browser mock
 * and the console reloads, so no query keeps data in the other shape.
 */
function VariantSwitch({
  current,
  onChange,
}: {
  current: ApiVariant
  onChange: (variant: ApiVariant) => void
}) {
  const { t } = useT('app', 'app:demo')
  const variants: { value: ApiVariant; label: string }[] = [
    { value: 'code', label: t('app.demo.variant.code') },
    { value: 'docs', label: t('app.demo.variant.docs') },
    { value: 'release', label: t('app.demo.variant.release') },
  ]
  return (
    <fieldset className="mt-5 flex flex-col gap-1.5">
      <legend className="text-sm font-semibold">{t('app.demo.variant.legend')}</legend>
      {variants.map((variant) => (
        <label key={variant.value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="demo-api-variant"
            value={variant.value}
            checked={current === variant.value}
            onChange={() => onChange(variant.value)}
          />
          {variant.label}
        </label>
      ))}
      <p className="text-xs text-muted-foreground">{t('app.demo.variant.hint')}</p>
    </fieldset>
  )
}

/**
 * Demo controls, only while the bundled mock answers: inject faults, pick the API variant, kill or
 * restart the virtual workers, and reset the demo data. These call the mock's own `/__mock/*` routes, never the API.
 */
export function DemoPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT('app', 'app:demo')
  const [error, setError] = useState<unknown>(null)
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
      setError(caught)
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('app.demo.title')}
        description={t('app.demo.description')}
        className="w-[min(94vw,44rem)]"
      >
        {error !== null ? <FailureNotice error={error} className="mb-3" /> : null}
        {state.data ? (
          <FaultsForm
            key={state.dataUpdatedAt}
            faults={state.data.faults}
            onApply={(patch) => void run(() => controls.setFaults(patch))}
            onClear={() => void run(() => controls.clearFaults())}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            {state.isError ? t('app.demo.noAnswer') : t('app.demo.loading')}
          </p>
        )}
        {state.data ? (
          <VariantSwitch
            current={state.data.policy.apiVariant}
            onChange={(variant) =>
              void run(async () => {
                await controls.setApiVariant(variant)
                localStorage.setItem(API_VARIANT_STORAGE_KEY, variant)
                window.location.reload()
              })
            }
          />
        ) : null}
        <section aria-labelledby="demo-workers" className="mt-5">
          <h3 id="demo-workers" className="text-sm font-semibold">
            {t('app.demo.workers')}
          </h3>
          {state.data && state.data.workers.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-2">
              {state.data.workers.map((worker) => (
                <li
                  key={worker.workerId}
                  className="flex flex-wrap items-center justify-between gap-2 text-sm"
                >
                  <span>
                    <RichText
                      id="app.demo.workerLine"
                      values={{
                        worker: <span className="font-mono">{worker.workerId}</span>,
                        environment: <span className="font-mono text-xs">{worker.environmentId}</span>,
                        state: workerStateLabel(worker.state),
                      }}
                    />
                    {worker.lastError ? (
                      <span className="text-muted-foreground"> · {worker.lastError}</span>
                    ) : null}
                  </span>
                  <span className="flex gap-2">
                    <Button size="sm" onClick={() => void run(() => controls.killWorker(worker.workerId))}>
                      {t('app.demo.kill', { worker: worker.workerId })}
                    </Button>
                    <Button size="sm" onClick={() => void run(() => controls.restartWorker(worker.workerId))}>
                      {t('app.demo.restart', { worker: worker.workerId })}
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">
              {state.data ? t('app.demo.noWorkers') : t('app.demo.loading')}
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
            {t('app.demo.reset')}
          </Button>
          <Button onClick={() => onOpenChange(false)}>{t('app.demo.close')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

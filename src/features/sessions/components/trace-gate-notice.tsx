import { Notice } from '@/components/ui/notice'
import type { TraceGate } from '@/data/sessions/trace'
import { useT } from '@/i18n'

/**
 * Why the trace routes refused, said plainly instead of a raw 404: tracing is off on the server
 * (404, `builder.agent-api.trace-enabled`) or the caller lacks the role (403).
 */
export function TraceGateNotice({ gate }: { gate: TraceGate }) {
  const { t } = useT('sessions:recovery')
  return (
    <Notice
      tone="warning"
      title={
        gate === 'disabled'
          ? t('sessions.recovery.gate.disabledTitle')
          : t('sessions.recovery.gate.forbiddenTitle')
      }
    >
      {gate === 'disabled'
        ? t('sessions.recovery.gate.disabledBody')
        : t('sessions.recovery.gate.forbiddenBody')}
    </Notice>
  )
}

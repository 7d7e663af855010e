import type { ConfigWarning } from '../models/config-warnings'
import { Notice } from '@/components/ui/notice'

export function ConfigWarningsList({ warnings }: { warnings: ConfigWarning[] }) {
  if (warnings.length === 0) return null
  return (
    <ul className="flex flex-col gap-2" aria-label="Config warnings">
      {warnings.map((warning) => (
        <li key={warning.id}>
          <Notice tone={warning.tone}>
            <span className="font-semibold">{warning.tone === 'warning' ? 'Warning: ' : 'Note: '}</span>
            {warning.message}
          </Notice>
        </li>
      ))}
    </ul>
  )
}

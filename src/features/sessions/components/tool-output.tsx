import { useState } from 'react'
import { ClaimTimeline } from './claim-timeline'
import { ToolIo } from './tool-io'
import type { ClaimStep } from '../models/join-tool-claims'
import { maskSecrets, maskSecretsInText } from '../models/mask-secrets'
import type { ToolRecord } from '../models/tool-records'
import { Button } from '@/components/ui/button'
import { useT } from '@/i18n'

/**
 * A tool call's input and output by kind, secrets masked until revealed, and its claim timeline:
 * the same body in a Tool records card and an open transcript card. Secrets are counted only
 * when this is shown, so closed cards cost nothing.
 */
export function ToolOutput({ record, steps }: { record: ToolRecord; steps: readonly ClaimStep[] }) {
  const { t } = useT('sessions')
  const [isRevealed, setIsRevealed] = useState(false)
  const secretCount = maskSecrets(record.input ?? {}).count + maskSecretsInText(record.output).count
  return (
    <>
      {secretCount > 0 ? (
        <Button
          size="sm"
          variant="ghost"
          className="self-start"
          aria-pressed={isRevealed}
          onClick={() => setIsRevealed((value) => !value)}
        >
          {isRevealed ? t('sessions.secrets.hide') : t('sessions.secrets.reveal', { count: secretCount })}
        </Button>
      ) : null}
      <ToolIo record={record} isRevealed={isRevealed} />
      <ClaimTimeline steps={steps} />
    </>
  )
}

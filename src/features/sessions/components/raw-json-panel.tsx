import { useMemo, useState } from 'react'
import { LongText } from './long-text'
import { maskSecrets } from '../models/mask-secrets'
import { Button } from '@/components/ui/button'
import { CopyButton } from '@/components/ui/copy-button'
import { useT } from '@/i18n'
import { downloadText } from '@/lib/download'

/**
 * Raw JSON with copy and download. Secrets are masked on screen, in the clipboard and in the
 * file until the user reveals them, and revealing is per panel, never remembered.
 */
export function RawJsonPanel({
  value,
  label,
  filename,
}: {
  value: unknown
  label: string
  filename: string
}) {
  const { t } = useT('sessions')
  const [isRevealed, setIsRevealed] = useState(false)
  const masked = useMemo(() => maskSecrets(value), [value])
  const text = useMemo(
    () => JSON.stringify(isRevealed ? value : masked.value, null, 2),
    [isRevealed, masked.value, value],
  )
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <figcaption className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span className="font-medium">{label}</span>
        {masked.count > 0 ? (
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={isRevealed}
            onClick={() => setIsRevealed((v) => !v)}
          >
            {isRevealed ? t('sessions.secrets.hide') : t('sessions.secrets.reveal', { count: masked.count })}
          </Button>
        ) : null}
        <span className="ml-auto flex items-center gap-2">
          <CopyButton text={text} label={t('sessions.json.copyLabel', { label })}>
            {t('sessions.json.copy')}
          </CopyButton>
          <Button size="sm" onClick={() => downloadText(filename, `${text}\n`)}>
            {t('sessions.json.download')}
          </Button>
        </span>
      </figcaption>
      <LongText text={text} label={label} filename={filename}>
        {(visible) => (
          <pre
            tabIndex={0}
            aria-label={label}
            className="max-h-96 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-words whitespace-pre-wrap text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            {visible}
          </pre>
        )}
      </LongText>
    </figure>
  )
}

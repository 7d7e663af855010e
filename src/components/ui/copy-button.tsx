import { useEffect, useRef, useState } from 'react'
import { Button, type ButtonProps } from './button'
import { useT } from '@/i18n'
import { copyText } from '@/lib/clipboard'

type CopyState = 'idle' | 'copied' | 'failed'

/**
 * Copies `text` and says so in a polite live region. The text is never put in an attribute or
 * logged, so a one-time key only exists in the clipboard and on screen. Every copy button looks the
 * same (small, secondary), so one is recognised wherever it appears.
 */
export function CopyButton({
  text,
  label,
  children,
  onCopied,
  ...props
}: Omit<ButtonProps, 'onClick' | 'size' | 'variant'> & {
  text: string | (() => string)
  label: string
  onCopied?: () => void
}) {
  const { t } = useT('ui')
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  async function handleCopy() {
    const isCopied = await copyText(typeof text === 'function' ? text() : text)
    setState(isCopied ? 'copied' : 'failed')
    if (isCopied) onCopied?.()
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => setState('idle'), 4000)
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button
        data-slot="copy-button"
        size="sm"
        variant="secondary"
        aria-label={label}
        onClick={handleCopy}
        {...props}
      >
        {state === 'copied' ? t('ui.copy.copied') : (children ?? t('ui.copy.copy'))}
      </Button>
      <span role="status" className={state === 'failed' ? 'text-xs text-destructive' : 'sr-only'}>
        {state === 'copied' ? t('ui.copy.copiedStatus') : null}
        {state === 'failed' ? t('ui.copy.blocked') : null}
      </span>
    </span>
  )
}

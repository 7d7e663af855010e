import { memo } from 'react'
import { useT } from '@/i18n'
import { splitInvisibleCharacters } from '@/lib/invisible-characters'

/**
 * Untrusted text (a name, tool output) with every bidirectional control and zero-width character
 * shown as a small marker (`RLO`) instead of acting on the text around it, so
 * `report<U+202E>gpj.exe` cannot pass for a `.jpg`. The marker is named for screen readers; the
 * characters themselves are not in the page, so copy buttons and downloads, which read the data,
 * keep the text as sent.
 */
export const VisibleText = memo(function VisibleText({ text }: { text: string }) {
  const { t } = useT('ui')
  const parts = splitInvisibleCharacters(text)
  if (parts.length === 1 && parts[0]?.kind === 'text') return text
  return parts.map((part, index) => {
    if (part.kind === 'text') return part.text
    const label =
      part.type === 'direction'
        ? t('ui.invisible.direction', { abbreviation: part.abbreviation, code: part.code })
        : t('ui.invisible.zeroWidth', { abbreviation: part.abbreviation, code: part.code })
    return (
      <span
        key={index}
        role="img"
        aria-label={label}
        title={label}
        data-invisible-character={part.code}
        className="mx-px inline-block rounded-sm border border-warning px-0.5 align-baseline font-mono text-[0.7em] leading-tight font-semibold text-warning not-italic select-none"
      >
        {part.abbreviation}
      </span>
    )
  })
})

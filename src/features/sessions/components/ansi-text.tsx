import { useMemo } from 'react'
import { VisibleText } from '@/components/text/visible-text'
import { parseAnsi, type AnsiColor, type AnsiSegment } from '@/lib/ansi'
import { cn } from '@/lib/cn'

// On the page's own surfaces colours map to the semantic tokens, so output reads in both themes.
const TOKEN_CLASSES: Record<AnsiColor, string> = {
  black: 'text-muted-foreground',
  red: 'text-destructive',
  green: 'text-success',
  yellow: 'text-warning',
  blue: 'text-primary',
  magenta: 'text-primary',
  cyan: 'text-primary',
  white: 'text-foreground',
}

// On the always-dark terminal surface, light tints keep the contrast.
const TERMINAL_CLASSES: Record<AnsiColor, string> = {
  black: 'text-slate-400',
  red: 'text-red-300',
  green: 'text-green-300',
  yellow: 'text-amber-200',
  blue: 'text-sky-300',
  magenta: 'text-fuchsia-300',
  cyan: 'text-cyan-300',
  white: 'text-slate-50',
}

export type AnsiPalette = 'tokens' | 'terminal'

function classesOf(segment: AnsiSegment, palette: AnsiPalette): string | undefined {
  const { color, isBold, isDim, isUnderline } = segment.style
  const colors = palette === 'terminal' ? TERMINAL_CLASSES : TOKEN_CLASSES
  const classes = cn(
    color && colors[color],
    isBold && 'font-bold',
    isDim && 'opacity-70',
    isUnderline && 'underline',
  )
  return classes || undefined
}

/** Terminal output as plain text: colours become classes, every other escape is dropped. */
export function AnsiText({ text, palette = 'tokens' }: { text: string; palette?: AnsiPalette }) {
  const segments = useMemo(() => parseAnsi(text), [text])
  return (
    <>
      {segments.map((segment, index) => (
        <span key={index} className={classesOf(segment, palette)}>
          <VisibleText text={segment.text} />
        </span>
      ))}
    </>
  )
}

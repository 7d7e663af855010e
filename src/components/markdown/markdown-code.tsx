import { useEffect, useState, type ReactNode } from 'react'
import type { highlightCode } from './highlight'
import { CopyButton } from '@/components/ui/copy-button'
import { useT } from '@/i18n'

// A type-only import: the module itself is fetched lazily below, never bundled with this file.
type Highlighter = { highlightCode: typeof highlightCode }

let highlighter: Promise<Highlighter> | null = null

/** The highlighter (and its grammars and colours) is fetched once, the first time code appears. */
function loadHighlighter(): Promise<Highlighter> {
  highlighter ??= import('./highlight')
  return highlighter
}

function useHighlighted(code: string, language: string): ReactNode | null {
  const [state, setState] = useState<{ code: string; language: string; nodes: ReactNode | null } | null>(null)
  useEffect(() => {
    if (!language) return
    let isCurrent = true
    void loadHighlighter().then(
      (module) => {
        if (isCurrent) setState({ code, language, nodes: module.highlightCode(code, language) })
      },
      () => undefined,
    )
    return () => {
      isCurrent = false
    }
  }, [code, language])
  return state && state.code === code && state.language === language ? state.nodes : null
}

/**
 * A fenced code block from assistant Markdown: readable at once as plain text, then coloured when
 * the highlighter arrives. Long lines scroll inside the block, not the page.
 */
export function MarkdownCode({ code, language }: { code: string; language: string }) {
  const { t } = useT('markdown')
  const highlighted = useHighlighted(code, language)
  const label = language ? t('markdown.code.labelLanguage', { language }) : t('markdown.code.label')
  return (
    <figure data-slot="markdown-code" className="flex min-w-0 flex-col gap-1">
      <figcaption className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="font-mono">{language || t('markdown.code.plain')}</span>
        <CopyButton text={code} label={t('markdown.code.copy', { label })} />
      </figcaption>
      <pre
        tabIndex={0}
        role="region"
        aria-label={label}
        className="hljs max-h-[32rem] overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <code data-highlighted={highlighted ? '' : undefined}>{highlighted ?? code}</code>
      </pre>
    </figure>
  )
}

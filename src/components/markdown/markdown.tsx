import { Lexer } from 'marked'
import { useMemo } from 'react'
import { renderBlocks, type MarkdownLabels } from './render-tokens'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'

/**
 * Past this many characters the rest is shown as plain text: Markdown parsing is linear in
 * practice, but a multi-megabyte answer gains nothing from formatting and costs frames.
 */
export const MAX_MARKDOWN_CHARS = 60_000

/**
 * Assistant text as Markdown (GitHub flavour: tables, task lists, strikethrough, autolinks),
 * rendered from marked's token list straight to React elements. No HTML string is ever made:
 * raw HTML in the text shows as text, links are kept only for http(s)/mailto (safe-url.ts) and
 * open in a new tab without a referrer, images are not loaded, code highlighting loads on demand.
 */
export function Markdown({
  text,
  headingLevel = 4,
  className,
}: {
  text: string
  /** The element a Markdown `#` becomes (default h4, below a page's h1–h3). */
  headingLevel?: number
  className?: string
}) {
  const { t } = useT('markdown')
  const head = text.length > MAX_MARKDOWN_CHARS ? text.slice(0, MAX_MARKDOWN_CHARS) : text
  const rest = text.length > MAX_MARKDOWN_CHARS ? text.slice(MAX_MARKDOWN_CHARS) : ''
  const tokens = useMemo(() => new Lexer({ gfm: true, breaks: false }).lex(head), [head])
  const labels: MarkdownLabels = {
    taskDone: t('markdown.task.done'),
    taskOpen: t('markdown.task.open'),
    blockedLink: (address) => t('markdown.link.blocked', { address }),
    image: (alt) => (alt ? t('markdown.image.named', { alt }) : t('markdown.image.unnamed')),
  }
  return (
    <div
      data-slot="markdown"
      className={cn('flex min-w-0 flex-col gap-2 text-sm leading-relaxed', className)}
    >
      {renderBlocks(tokens, { labels, headingLevel, depth: 0 })}
      {rest ? (
        <>
          <p className="text-xs text-muted-foreground">{t('markdown.plainRest', { count: rest.length })}</p>
          <pre className="font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap">{rest}</pre>
        </>
      ) : null}
    </div>
  )
}

import type { Token, Tokens } from 'marked'
import type { ReactNode } from 'react'
import { MarkdownCode } from './markdown-code'
import { decodeEntities, safeLinkHref } from './safe-url'

/** Strings the renderer shows around untrusted content, in the reader's language. */
export type MarkdownLabels = {
  taskDone: string
  taskOpen: string
  blockedLink: (address: string) => string
  image: (alt: string) => string
}

export type RenderContext = {
  labels: MarkdownLabels
  /** The level a Markdown `#` maps to, so assistant headings sit below the page's own. */
  headingLevel: number
  depth: number
}

/** Deeper nesting than this (hostile input: 200 nested quotes) is shown as its source text. */
const MAX_DEPTH = 16

function text(value: string): string {
  return decodeEntities(value)
}

function Heading({ level, children }: { level: number; children: ReactNode }) {
  const className = 'font-semibold text-foreground'
  switch (Math.min(level, 7)) {
    case 1:
      return <h1 className={`${className} text-lg`}>{children}</h1>
    case 2:
      return <h2 className={`${className} text-base`}>{children}</h2>
    case 3:
      return <h3 className={`${className} text-base`}>{children}</h3>
    case 4:
      return <h4 className={`${className} text-sm`}>{children}</h4>
    case 5:
      return <h5 className={`${className} text-sm`}>{children}</h5>
    case 6:
      return <h6 className={`${className} text-sm`}>{children}</h6>
    default:
      // Below h6 a heading would break the page outline: it reads as a bold paragraph.
      return <p className={`${className} text-sm`}>{children}</p>
  }
}

function Link({ token, context }: { token: Tokens.Link; context: RenderContext }) {
  const href = safeLinkHref(token.href)
  const children = renderInline(token.tokens, context)
  if (href === null) {
    // Not a link at all: nothing to click, and the address is there to read.
    return (
      <span data-blocked-link="" title={context.labels.blockedLink(text(token.href))}>
        {children}
      </span>
    )
  }
  return (
    <a
      href={href}
      title={href}
      target="_blank"
      rel="noopener noreferrer"
      referrerPolicy="no-referrer"
      className="[overflow-wrap:anywhere] text-primary underline underline-offset-2"
    >
      {children}
    </a>
  )
}

/** Inline tokens (inside paragraphs, headings, cells, list items). */
export function renderInline(tokens: readonly Token[] | undefined, context: RenderContext): ReactNode {
  if (!tokens) return null
  return tokens.map((token, index) => renderInlineToken(token, index, context))
}

function renderInlineToken(token: Token, key: number, context: RenderContext): ReactNode {
  const inner: RenderContext = { ...context, depth: context.depth + 1 }
  if (context.depth > MAX_DEPTH) return <span key={key}>{token.raw}</span>
  switch (token.type) {
    case 'text': {
      const node = token as Tokens.Text
      return node.tokens ? <span key={key}>{renderInline(node.tokens, inner)}</span> : text(node.text)
    }
    case 'escape':
      return (token as Tokens.Escape).text
    case 'strong':
      return <strong key={key}>{renderInline((token as Tokens.Strong).tokens, inner)}</strong>
    case 'em':
      return <em key={key}>{renderInline((token as Tokens.Em).tokens, inner)}</em>
    case 'del':
      return <del key={key}>{renderInline((token as Tokens.Del).tokens, inner)}</del>
    case 'codespan':
      return (
        <code
          key={key}
          className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] [overflow-wrap:anywhere]"
        >
          {(token as Tokens.Codespan).text}
        </code>
      )
    case 'br':
      return <br key={key} />
    case 'link':
      return <Link key={key} token={token as Tokens.Link} context={inner} />
    case 'image': {
      // Images are not loaded: a remote image in assistant output is a tracking or spoofing
      // channel. The reader sees what it was and where it points.
      const image = token as Tokens.Image
      const href = safeLinkHref(image.href)
      const label = context.labels.image(text(image.text))
      return href ? (
        <a
          key={key}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          referrerPolicy="no-referrer"
          className="text-primary underline underline-offset-2"
        >
          {label}
        </a>
      ) : (
        <span key={key}>{label}</span>
      )
    }
    case 'checkbox': {
      const checked = (token as Tokens.Checkbox).checked
      return (
        <span
          key={key}
          className="mr-1 font-mono"
          role="img"
          aria-label={checked ? context.labels.taskDone : context.labels.taskOpen}
        >
          {checked ? '☑' : '☐'}
        </span>
      )
    }
    case 'html':
      // Raw HTML in Markdown is shown as the text it is, never interpreted.
      return (
        <code key={key} className="font-mono text-[0.85em] text-muted-foreground">
          {(token as Tokens.HTML).text}
        </code>
      )
    default:
      return 'text' in token && typeof token.text === 'string' ? text(token.text) : (token.raw ?? null)
  }
}

/** Block tokens (the document, quotes, list items). */
export function renderBlocks(tokens: readonly Token[], context: RenderContext): ReactNode {
  return tokens.map((token, index) => renderBlock(token, index, context))
}

function renderBlock(token: Token, key: number, context: RenderContext): ReactNode {
  const inner: RenderContext = { ...context, depth: context.depth + 1 }
  if (context.depth > MAX_DEPTH)
    return (
      <pre key={key} className="font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap">
        {token.raw}
      </pre>
    )
  switch (token.type) {
    case 'space':
    case 'def':
      return null
    case 'checkbox':
      // A task item's box: marked puts it among the item's block tokens.
      return renderInlineToken(token, key, context)
    case 'heading': {
      const heading = token as Tokens.Heading
      return (
        <Heading key={key} level={context.headingLevel + heading.depth - 1}>
          {renderInline(heading.tokens, inner)}
        </Heading>
      )
    }
    case 'paragraph':
      return (
        <p key={key} className="[overflow-wrap:anywhere]">
          {renderInline((token as Tokens.Paragraph).tokens, inner)}
        </p>
      )
    case 'text': {
      // Text directly in a tight list item.
      const node = token as Tokens.Text
      return <span key={key}>{node.tokens ? renderInline(node.tokens, inner) : text(node.text)}</span>
    }
    case 'code': {
      const code = token as Tokens.Code
      return <MarkdownCode key={key} code={code.text} language={code.lang ?? ''} />
    }
    case 'blockquote':
      return (
        <blockquote
          key={key}
          className="flex flex-col gap-2 border-l-2 border-border pl-3 text-muted-foreground"
        >
          {renderBlocks((token as Tokens.Blockquote).tokens, inner)}
        </blockquote>
      )
    case 'hr':
      return <hr key={key} className="border-border" />
    case 'list': {
      const list = token as Tokens.List
      const items = list.items.map((item, index) => (
        <li key={index} className={item.task ? 'list-none' : undefined}>
          {item.loose ? (
            <div className="flex flex-col gap-2">{renderBlocks(item.tokens, inner)}</div>
          ) : (
            renderBlocks(item.tokens, inner)
          )}
        </li>
      ))
      const start = typeof list.start === 'number' && list.start !== 1 ? list.start : undefined
      return list.ordered ? (
        <ol key={key} start={start} className="flex list-decimal flex-col gap-1 pl-5">
          {items}
        </ol>
      ) : (
        <ul key={key} className="flex list-disc flex-col gap-1 pl-5">
          {items}
        </ul>
      )
    }
    case 'table': {
      const table = token as Tokens.Table
      const align = (index: number) => {
        const value = table.align[index]
        return value === 'center' ? 'text-center' : value === 'right' ? 'text-right' : 'text-left'
      }
      return (
        // Wide tables scroll inside their own box instead of widening the page.
        <div
          key={key}
          className="max-w-full overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={table.header.map((cell) => cell.text).join(' · ')}
        >
          <table className="border-collapse text-xs">
            <thead>
              <tr>
                {table.header.map((cell, index) => (
                  <th
                    key={index}
                    scope="col"
                    className={`border border-border px-2 py-1 font-semibold ${align(index)}`}
                  >
                    {renderInline(cell.tokens, inner)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} className={`border border-border px-2 py-1 align-top ${align(index)}`}>
                      {renderInline(cell.tokens, inner)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )
    }
    case 'html':
      return (
        <pre
          key={key}
          className="font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap text-muted-foreground"
        >
          {(token as Tokens.HTML).text}
        </pre>
      )
    default:
      return 'tokens' in token && Array.isArray(token.tokens) ? (
        <p key={key}>{renderInline(token.tokens, inner)}</p>
      ) : (
        <p key={key}>{token.raw}</p>
      )
  }
}

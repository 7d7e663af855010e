import { render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Markdown, MAX_MARKDOWN_CHARS } from './markdown'

function renderMarkdown(text: string, headingLevel?: number) {
  const { container } = render(<Markdown text={text} headingLevel={headingLevel} />)
  return container.querySelector('[data-slot="markdown"]') as HTMLElement
}

describe('Markdown', () => {
  it('renders GitHub-flavoured Markdown as elements: emphasis, lists, tasks, tables, quotes', () => {
    const root = renderMarkdown(
      [
        'Done. **environment-check.txt** was _written_ and ~~not~~ read back.',
        '',
        '- [x] write the file',
        '- [ ] tidy up',
        '',
        '1. first',
        '2. second',
        '',
        '> quoted',
        '',
        '| tool | status |',
        '| --- | ---: |',
        '| write_file | ok |',
      ].join('\n'),
    )
    expect(within(root).getByText('environment-check.txt').tagName).toBe('STRONG')
    expect(within(root).getByText('written').tagName).toBe('EM')
    expect(within(root).getByText('not').tagName).toBe('DEL')
    expect(within(root).getByRole('img', { name: 'Done:' })).toBeInTheDocument()
    expect(within(root).getByRole('img', { name: 'To do:' })).toBeInTheDocument()
    expect(root.querySelector('ol')?.children).toHaveLength(2)
    expect(within(root).getByText('quoted').closest('blockquote')).not.toBeNull()
    const table = within(root).getByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'status' })).toHaveClass('text-right')
    expect(within(table).getByRole('cell', { name: 'write_file' })).toBeInTheDocument()
    // A wide table scrolls inside its own box.
    expect(table.parentElement).toHaveClass('overflow-x-auto')
  })

  it('shows raw HTML as text and never creates elements from it', () => {
    const root = renderMarkdown(
      '<script>window.__pwned=1</script>\n\nHi <img src=x onerror="window.__pwned=1"> <b>bold?</b>\n\n<div onclick="x">raw</div>',
    )
    expect(root.querySelector('script, img, b, div[onclick], iframe')).toBeNull()
    expect(root).toHaveTextContent('<img src=x onerror="window.__pwned=1">')
    expect(root).toHaveTextContent('<div onclick="x">raw</div>')
    for (const element of root.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i)
    }
  })

  it('links only http(s) and mailto, opening them in a new tab without opener or referrer', () => {
    const root = renderMarkdown(
      [
        '[docs](https://java.agentscope.io/v2/en/service) <https://example.com/a> ops@example.com',
        '[x](javascript:alert(1)) [y](JaVa&#x09;script:alert(1)) [z](vbscript:msgbox(1))',
        '[d](data:text/html;base64,PHNjcmlwdD4=) [rel](environment-check.txt)',
      ].join('\n\n'),
    )
    const links = within(root).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://java.agentscope.io/v2/en/service',
      'https://example.com/a',
      'mailto:ops@example.com',
    ])
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
    for (const name of ['x', 'y', 'z', 'd', 'rel']) {
      const text = within(root).getByText(name)
      expect(text.closest('a')).toBeNull()
      expect(text.closest('[data-blocked-link]')).toHaveAttribute(
        'title',
        expect.stringMatching(/^Not a link/),
      )
    }
    expect(root.querySelector('[href^="javascript" i], [href^="data" i], [href^="vbscript" i]')).toBeNull()
  })

  it('does not load images: it names them, linking a safe address', () => {
    const root = renderMarkdown('![build status](https://tracker.example/pixel.png) ![](javascript:alert(1))')
    expect(root.querySelector('img')).toBeNull()
    expect(within(root).getByRole('link', { name: '[image: build status]' })).toHaveAttribute(
      'href',
      'https://tracker.example/pixel.png',
    )
    expect(within(root).getByText('[image]').closest('a')).toBeNull()
  })

  it('maps Markdown headings below the page’s own, and past h6 to bold text', () => {
    const root = renderMarkdown('# Summary\n\n## Details\n\n#### Deep', 4)
    expect(within(root).getByRole('heading', { level: 4, name: 'Summary' })).toBeInTheDocument()
    expect(within(root).getByRole('heading', { level: 5, name: 'Details' })).toBeInTheDocument()
    expect(within(root).queryByRole('heading', { name: 'Deep' })).toBeNull()
    expect(within(root).getByText('Deep').tagName).toBe('P')
  })

  it('decodes entities in text but leaves code as written', () => {
    const root = renderMarkdown('AT&amp;T &lt;tag&gt; `a &amp; b`')
    expect(root).toHaveTextContent('AT&T <tag> a &amp; b')
  })

  it('shows code at once and highlights it once the highlighter has loaded', async () => {
    const root = renderMarkdown('```ts\nconst answer: number = 42 // the answer\n```')
    const code = within(root).getByRole('region', { name: 'ts code' })
    expect(code).toHaveTextContent('const answer: number = 42 // the answer')
    await waitFor(() => expect(code.querySelector('code[data-highlighted]')).not.toBeNull())
    expect(code.querySelector('.hljs-keyword')).toHaveTextContent('const')
    expect(code.querySelector('.hljs-comment')).toHaveTextContent('// the answer')
    expect(code).toHaveTextContent('const answer: number = 42 // the answer')
    expect(screen.getByRole('button', { name: 'Copy ts code' })).toBeInTheDocument()
  })

  it('leaves code in an unknown language plain', async () => {
    const root = renderMarkdown('```brainfuck\n+++[>+<-]\n```\n\n```ts\nlet x = 1\n```')
    const known = within(root).getByRole('region', { name: 'ts code' })
    await waitFor(() => expect(known.querySelector('code[data-highlighted]')).not.toBeNull())
    const unknown = within(root).getByRole('region', { name: 'brainfuck code' })
    expect(unknown.querySelector('code[data-highlighted]')).toBeNull()
    expect(unknown).toHaveTextContent('+++[>+<-]')
  })

  it('shows what is past the Markdown limit as plain text, and survives deep nesting', () => {
    const long = `${'a'.repeat(MAX_MARKDOWN_CHARS)}**tail**`
    const root = renderMarkdown(long)
    expect(root).toHaveTextContent('**tail**')
    expect(within(root).getByText(/shown without formatting/)).toBeInTheDocument()
    const deep = renderMarkdown(`${'> '.repeat(200)}bottom`)
    expect(deep).toHaveTextContent('bottom')
    expect(deep.querySelectorAll('blockquote').length).toBeLessThan(40)
  })
})

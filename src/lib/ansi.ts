export type AnsiColor = 'black' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'white'
export type AnsiStyle = { color: AnsiColor | null; isBold: boolean; isDim: boolean; isUnderline: boolean }
export type AnsiSegment = { text: string; style: AnsiStyle }

const COLORS: AnsiColor[] = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white']
const PLAIN: AnsiStyle = { color: null, isBold: false, isDim: false, isUnderline: false }

// CSI sequences (colours are SGR, `…m`; cursor moves and erases are dropped), OSC (titles,
// hyperlinks) and lone two-character escapes.
// eslint-disable-next-line no-control-regex
const ESCAPE = /\u001b\[([0-9;?]*)([@-~])|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g

function applySgr(style: AnsiStyle, params: string): AnsiStyle {
  const codes = params === '' ? [0] : params.split(';').map((part) => Number.parseInt(part || '0', 10))
  let next = { ...style }
  for (let index = 0; index < codes.length; index += 1) {
    const code = codes[index] ?? 0
    if (code === 0) next = { ...PLAIN }
    else if (code === 1) next.isBold = true
    else if (code === 2) next.isDim = true
    else if (code === 4) next.isUnderline = true
    else if (code === 22) next = { ...next, isBold: false, isDim: false }
    else if (code === 24) next.isUnderline = false
    else if (code === 39) next.color = null
    else if (code >= 30 && code <= 37) next.color = COLORS[code - 30] ?? null
    else if (code >= 90 && code <= 97) next.color = COLORS[code - 90] ?? null
    else if (code === 38 || code === 48) {
      // 256-colour and true-colour forms carry their own arguments; skip them (no mapping to tokens).
      index += codes[index + 1] === 5 ? 2 : codes[index + 1] === 2 ? 4 : 0
    }
  }
  return next
}

/**
 * Splits terminal output into styled text segments. Colour codes become a small style record
 * the caller maps to classes; every other escape sequence is removed. The text itself is never
 * interpreted, so output renders as plain text whatever it contains.
 */
export function parseAnsi(input: string): AnsiSegment[] {
  const segments: AnsiSegment[] = []
  let style = PLAIN
  let last = 0
  const push = (text: string) => {
    if (!text) return
    const previous = segments[segments.length - 1]
    if (previous && previous.style === style) previous.text += text
    else segments.push({ text, style })
  }
  ESCAPE.lastIndex = 0
  for (let match = ESCAPE.exec(input); match; match = ESCAPE.exec(input)) {
    push(input.slice(last, match.index))
    if (match[2] === 'm') style = applySgr(style, match[1] ?? '')
    last = match.index + match[0].length
  }
  push(input.slice(last))
  return segments
}

/** The text with every escape sequence removed (for copying and searching). */
export function stripAnsi(input: string): string {
  return input.replace(ESCAPE, '')
}

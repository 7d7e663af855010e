import { describe, expect, it } from 'vitest'
import { parseAnsi, stripAnsi } from './ansi'

describe('parseAnsi', () => {
  it('turns SGR colours into styles and keeps the text as text', () => {
    const segments = parseAnsi('\u001b[1m\u001b[32mok\u001b[0m <b>plain</b>')
    expect(segments).toEqual([
      { text: 'ok', style: { color: 'green', isBold: true, isDim: false, isUnderline: false } },
      { text: ' <b>plain</b>', style: { color: null, isBold: false, isDim: false, isUnderline: false } },
    ])
  })

  it('drops cursor moves, OSC titles and 256-colour arguments', () => {
    const text = '\u001b]0;title\u0007a\u001b[2Kb\u001b[38;5;196mc\u001b[0m'
    expect(
      parseAnsi(text)
        .map((segment) => segment.text)
        .join(''),
    ).toBe('abc')
    expect(stripAnsi('\u001b[31mexit code 1\u001b[0m\n')).toBe('exit code 1\n')
  })
})

import { describe, expect, it } from 'vitest'
import { firstWords } from './first-words'
import { MASK } from './mask-secrets'

describe('firstWords', () => {
  it('keeps a short message whole and cuts a long one at a word', () => {
    expect(firstWords('Say hi')).toBe('Say hi')
    expect(firstWords('Prepare the release notes for v2.4.0 and run the tests, then tag it.')).toBe(
      'Prepare the release notes for v2.4.0 and run…',
    )
  })

  it('reads the first line only, with its whitespace collapsed', () => {
    expect(firstWords('\n  List   the files\nthen grep them')).toBe('List the files')
    expect(firstWords('')).toBe('')
  })

  it('masks a secret as the message on screen does', () => {
    expect(firstWords('Use OPENAI_API_KEY=sk-proj-AbCdEf0123456789xyz')).toBe(`Use OPENAI_API_KEY=sk-${MASK}`)
  })
})

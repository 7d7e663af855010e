import { describe, expect, it } from 'vitest'
import { midSentence } from './mid-sentence'

describe('midSentence', () => {
  it('lower-cases the first word but keeps acronyms after it', () => {
    expect(midSentence('Event JSON')).toBe('event JSON')
    expect(midSentence('Terminal output')).toBe('terminal output')
    expect(midSentence('Snapshot JSON')).toBe('snapshot JSON')
  })

  it('keeps a label that starts with an acronym, and text without case', () => {
    expect(midSentence('JSON body')).toBe('JSON body')
    expect(midSentence('事件 JSON')).toBe('事件 JSON')
    expect(midSentence('')).toBe('')
  })
})

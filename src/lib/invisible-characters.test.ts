import { describe, expect, it } from 'vitest'
import { markInvisibleCharacters, splitInvisibleCharacters } from './invisible-characters'

describe('invisible characters', () => {
  it('cuts a reversed file name into its runs and the override', () => {
    expect(splitInvisibleCharacters('report\u202Egpj.exe')).toEqual([
      { kind: 'text', text: 'report' },
      { kind: 'invisible', character: '\u202E', code: 'U+202E', abbreviation: 'RLO', type: 'direction' },
      { kind: 'text', text: 'gpj.exe' },
    ])
  })

  it('finds every bidirectional control and zero-width character, one marker each', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C'
    const zeroWidth = '\u200B\u200C\u200D\u2060\uFEFF'
    const parts = splitInvisibleCharacters(`a${controls}${zeroWidth}b`)
    expect(parts.filter((part) => part.kind === 'invisible')).toHaveLength(controls.length + zeroWidth.length)
    expect(markInvisibleCharacters(`a${controls}b`)).toBe(
      'a⟨LRE⟩⟨RLE⟩⟨PDF⟩⟨LRO⟩⟨RLO⟩⟨LRI⟩⟨RLI⟩⟨FSI⟩⟨PDI⟩⟨LRM⟩⟨RLM⟩⟨ALM⟩b',
    )
    expect(markInvisibleCharacters(`ad\u200Bmin\uFEFF`)).toBe('ad⟨ZWSP⟩min⟨BOM⟩')
  })

  it('leaves ordinary text, right-to-left scripts and emoji alone', () => {
    for (const text of ['build-workers', 'مرحبا بالعالم', 'שלום', '日本語', '🚀', '']) {
      expect(splitInvisibleCharacters(text).every((part) => part.kind === 'text')).toBe(true)
      expect(markInvisibleCharacters(text)).toBe(text)
    }
    expect(splitInvisibleCharacters('')).toEqual([])
    // A joiner inside an emoji sequence hides in a name just as well, so it is marked too.
    expect(markInvisibleCharacters('👩\u200D💻')).toBe('👩⟨ZWJ⟩💻')
  })

  it('keeps characters outside the basic plane whole', () => {
    expect(
      splitInvisibleCharacters('𝒳\u200B𝒴').map((part) => (part.kind === 'text' ? part.text : '|')),
    ).toEqual(['𝒳', '|', '𝒴'])
  })
})

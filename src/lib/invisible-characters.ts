/**
 * Characters that change how text reads without being seen: bidirectional controls can reverse a
 * file name (`report<U+202E>gpj.exe` reads as `reportexe.jpg`) and zero-width characters make two
 * different names look identical. Untrusted names and tool output show each one as a visible
 * marker instead; copies and downloads keep the text as it was sent.
 */
export type InvisibleKind = 'direction' | 'zero-width'

export type InvisibleCharacter = { abbreviation: string; kind: InvisibleKind }

const CHARACTERS: Record<string, InvisibleCharacter> = {
  '\u202A': { abbreviation: 'LRE', kind: 'direction' },
  '\u202B': { abbreviation: 'RLE', kind: 'direction' },
  '\u202C': { abbreviation: 'PDF', kind: 'direction' },
  '\u202D': { abbreviation: 'LRO', kind: 'direction' },
  '\u202E': { abbreviation: 'RLO', kind: 'direction' },
  '\u2066': { abbreviation: 'LRI', kind: 'direction' },
  '\u2067': { abbreviation: 'RLI', kind: 'direction' },
  '\u2068': { abbreviation: 'FSI', kind: 'direction' },
  '\u2069': { abbreviation: 'PDI', kind: 'direction' },
  '\u200E': { abbreviation: 'LRM', kind: 'direction' },
  '\u200F': { abbreviation: 'RLM', kind: 'direction' },
  '\u061C': { abbreviation: 'ALM', kind: 'direction' },
  '\u200B': { abbreviation: 'ZWSP', kind: 'zero-width' },
  '\u200C': { abbreviation: 'ZWNJ', kind: 'zero-width' },
  '\u200D': { abbreviation: 'ZWJ', kind: 'zero-width' },
  '\u2060': { abbreviation: 'WJ', kind: 'zero-width' },
  '\u2061': { abbreviation: 'FA', kind: 'zero-width' },
  '\u2062': { abbreviation: 'IT', kind: 'zero-width' },
  '\u2063': { abbreviation: 'IS', kind: 'zero-width' },
  '\u2064': { abbreviation: 'IP', kind: 'zero-width' },
  '\uFEFF': { abbreviation: 'BOM', kind: 'zero-width' },
  '\u180E': { abbreviation: 'MVS', kind: 'zero-width' },
  '\u00AD': { abbreviation: 'SHY', kind: 'zero-width' },
}

const PATTERN = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060-\u2064\uFEFF\u180E\u00AD]/

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'invisible'; character: string; code: string; abbreviation: string; type: InvisibleKind }

/** `U+202E` for a character. */
export function codePointLabel(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
}

/** The text cut into plain runs and the invisible characters between them, in order. */
export function splitInvisibleCharacters(text: string): TextPart[] {
  if (!PATTERN.test(text)) return text ? [{ kind: 'text', text }] : []
  const parts: TextPart[] = []
  let run = ''
  for (const character of text) {
    const known = CHARACTERS[character]
    if (!known) {
      run += character
      continue
    }
    if (run) parts.push({ kind: 'text', text: run })
    run = ''
    parts.push({
      kind: 'invisible',
      character,
      code: codePointLabel(character),
      abbreviation: known.abbreviation,
      type: known.kind,
    })
  }
  if (run) parts.push({ kind: 'text', text: run })
  return parts
}

/**
 * For places that take only a string (a select's options, a tab title): each invisible character
 * becomes `⟨RLO⟩`.
 */
export function markInvisibleCharacters(text: string): string {
  if (!PATTERN.test(text)) return text
  return splitInvisibleCharacters(text)
    .map((part) => (part.kind === 'text' ? part.text : `⟨${part.abbreviation}⟩`))
    .join('')
}

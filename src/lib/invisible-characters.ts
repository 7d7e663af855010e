/**
 * Characters that change how text reads without being seen: bidirectional controls can reverse a
 * file name (`report<U+202E>gpj.exe` reads as `reportexe.jpg`) and zero-width characters make two
 * different names look identical. Untrusted names and tool output show each one as a visible
 * marker instead; copies and downloads keep the text as it was sent.
 */
export type InvisibleKind = 'direction' | 'zero-width'

export type InvisibleCharacter = { abbreviation: string; kind: InvisibleKind }

// Each character beside its abbreviation, in one string rather than an object per character: the
// table is in the first download (the namespace picker marks them), where every byte is paid.
const DIRECTION =
  '\u202ALRE \u202BRLE \u202CPDF \u202DLRO \u202ERLO \u2066LRI \u2067RLI \u2068FSI \u2069PDI \u200ELRM \u200FRLM \u061CALM'
const ZERO_WIDTH =
  '\u200BZWSP \u200CZWNJ \u200DZWJ \u2060WJ \u2061FA \u2062IT \u2063IS \u2064IP \uFEFFBOM \u180EMVS \u00ADSHY'

const CHARACTERS = new Map<string, InvisibleCharacter>()
for (const [kind, list] of [
  ['direction', DIRECTION],
  ['zero-width', ZERO_WIDTH],
] as const)
  for (const entry of list.split(' ')) CHARACTERS.set(entry.charAt(0), { abbreviation: entry.slice(1), kind })

const PATTERN = new RegExp(`[${[...CHARACTERS.keys()].join('')}]`)

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
    const known = CHARACTERS.get(character)
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

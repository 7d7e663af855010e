import { shortenTitle } from '@/data/sessions/session-title'
import { maskSecretsInText } from './mask-secrets'

/** About eight words: enough to tell turns and messages apart when they are listed by name. */
const FIRST_WORDS_CHARS = 48

/**
 * The first words of a message for a heading or an accessible name: its first line, cut at a word,
 * with secrets masked as the message itself shows them.
 */
export function firstWords(text: string): string {
  return shortenTitle(maskSecretsInText(text).value, FIRST_WORDS_CHARS)
}

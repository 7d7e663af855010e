import { t } from '@/i18n'
import { firstWords } from './first-words'
import type { TranscriptTurn } from './transcript-builder'

/**
 * A turn's heading, which also names its block: "Turn 2: List the files in…", its number and the
 * first words of the message that started it ("Turn 2" until that message is in the log).
 */
export function turnHeading(turn: TranscriptTurn): string {
  if (turn.number === null) return t('sessions.transcript.sessionBlock')
  const words = firstWords(turn.prompt)
  return words
    ? t('sessions.transcript.turnHeading', { number: turn.number, words })
    : t('sessions.transcript.turnHeadingNoPrompt', { number: turn.number })
}

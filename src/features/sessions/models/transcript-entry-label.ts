import { t } from '@/i18n'
import type { PublicEvent } from './event-store'
import { firstWords } from './first-words'
import type { TranscriptRow, TranscriptTurn } from './transcript-builder'
import { turnHeading } from './turn-heading'

/**
 * The accessible name of a transcript entry (the feed's article), so moving through the feed or
 * listing its articles says what each one is, which turn it belongs to and, for a message, how it
 * begins.
 */
export function transcriptEntryLabel(
  row: TranscriptRow,
  log: {
    turnOf: (turnId: string) => TranscriptTurn | undefined
    eventAt: (index: number) => PublicEvent | undefined
  },
): string {
  if (row.kind === 'turn') return turnHeading(row.turn)
  const number = row.turnId === null ? null : (log.turnOf(row.turnId)?.number ?? null)
  const inTurn = (label: string) =>
    number === null ? label : t('sessions.transcript.inTurn', { label, number })
  switch (row.kind) {
    case 'message': {
      const who = inTurn(
        row.message.role === 'user' ? t('sessions.transcript.user') : t('sessions.transcript.assistant'),
      )
      const words = firstWords(row.message.text)
      return words ? t('sessions.transcript.withWords', { label: who, words }) : who
    }
    case 'tool':
      return t('sessions.toolCard.label', { name: row.record.name, id: row.record.toolCallId })
    case 'action':
      return inTurn(
        row.action.status === 'created'
          ? t('sessions.transcript.actionOpen')
          : row.action.kind === 'confirmation'
            ? t('sessions.transcript.actionConfirmation', { tool: row.action.toolName ?? '' })
            : t('sessions.transcript.actionResult', { tool: row.action.toolName ?? '' }),
      )
    case 'error':
      return inTurn(t('sessions.transcript.errorLabel'))
    case 'event':
      return t('sessions.transcript.eventLabel', { type: log.eventAt(row.eventIndex)?.type ?? row.eventId })
  }
}

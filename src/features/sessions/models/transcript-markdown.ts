import type { PublicEvent } from './event-store'
import { maskSecrets, maskSecretsInText } from './mask-secrets'
import { statusLabel } from './status-label'
import { summarizeEvent } from './summarize-event'
import { toolInputSummary } from './tool-input-summary'
import type { TranscriptRow } from './transcript-builder'
import { t } from '@/i18n'
import { formatDuration } from '@/lib/format-duration'
import { formatNumber } from '@/lib/format-number'

/** A fence longer than any run of backticks in `text`, so output cannot close its block early. */
function fenced(text: string, language = 'text'): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${language}\n${text}\n${fence}`
}

/** Quotes every line, so the text cannot start a heading or a list of the file around it. */
const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')

/**
 * The transcript as a Markdown file, in the order it reads on screen. Secrets are masked as on
 * screen unless `reveal`; tool output goes in fences, messages are quoted, so nothing from the
 * session can restructure the file.
 */
export function transcriptToMarkdown(
  rows: readonly TranscriptRow[],
  options: {
    title: string
    sessionId: string
    reveal: boolean
    eventAt: (index: number) => PublicEvent | undefined
  },
): string {
  const text = (value: string) => (options.reveal ? value : maskSecretsInText(value).value)
  const lines: string[] = [
    `# ${options.title.replace(/\s+/g, ' ')}`,
    '',
    `${t('sessions.export.session')}: \`${options.sessionId}\``,
  ]
  for (const row of rows) {
    lines.push('')
    switch (row.kind) {
      case 'turn': {
        const { turn } = row
        const parts = [turn.status ? statusLabel(turn.status) : null]
        if (turn.endedAt !== null) parts.push(formatDuration(turn.endedAt - turn.firstAt))
        if (turn.usage.modelCalls > 0)
          parts.push(
            t('sessions.transcript.usage', {
              calls: turn.usage.modelCalls,
              input: formatNumber(turn.usage.inputTokens),
              output: formatNumber(turn.usage.outputTokens),
            }),
          )
        const name =
          turn.turnId === null
            ? t('sessions.transcript.sessionBlock')
            : `${t('sessions.transcript.turn')} ${turn.turnId}`
        lines.push(`## ${name}`, '', parts.filter(Boolean).join(' · '))
        break
      }
      case 'message': {
        const { message } = row
        const who =
          message.role === 'user' ? t('sessions.transcript.user') : t('sessions.transcript.assistant')
        lines.push(`**${who}:**`, '')
        if (message.thinking)
          lines.push(
            `<details><summary>${t('sessions.transcript.showThinking')}</summary>`,
            '',
            quoted(text(message.thinking)),
            '',
            '</details>',
            '',
          )
        lines.push(message.role === 'user' ? quoted(text(message.text)) : text(message.text))
        break
      }
      case 'tool': {
        const { record } = row
        const input = options.reveal ? record.input : record.input && maskSecrets(record.input).value
        const summary = toolInputSummary(record.name, options.reveal ? record.input : input)
        lines.push(
          `**${t('sessions.waterfall.kind.tool')} \`${record.name}\`** · ${statusLabel(record.status)}${summary ? ` · \`${summary.replace(/`/g, "'")}\`` : ''}`,
        )
        if (input) lines.push('', fenced(JSON.stringify(input, null, 2), 'json'))
        if (record.output) lines.push('', fenced(text(record.output)))
        break
      }
      case 'action': {
        const { action } = row
        lines.push(
          `**${action.kind === 'confirmation' ? t('sessions.transcript.actionConfirmation', { tool: action.toolName ?? '' }) : t('sessions.transcript.actionResult', { tool: action.toolName ?? '' })}** · ${statusLabel(action.status)}`,
        )
        break
      }
      case 'error': {
        lines.push(`**${t('sessions.transcript.errorTitle')}**`, '')
        for (const problem of row.error.problems)
          lines.push(
            `- \`${problem.type}\`${problem.code ? ` \`${problem.code}\`` : ''}${problem.message ? ` ${text(problem.message).replace(/\n/g, ' ')}` : ''}`,
          )
        break
      }
      case 'event': {
        const event = options.eventAt(row.eventIndex)
        if (event)
          lines.push(`_\`${event.type.replace(/`/g, "'")}\`_ ${summarizeEvent(event).replace(/[\n`]/g, ' ')}`)
        break
      }
    }
  }
  return `${lines.join('\n')}\n`
}

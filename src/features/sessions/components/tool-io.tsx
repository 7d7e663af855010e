import { useMemo } from 'react'
import { AnsiText } from './ansi-text'
import { LongText } from './long-text'
import { markInvisibleCharacters } from '@/lib/invisible-characters'
import { VisibleText } from '@/components/text/visible-text'
import { maskSecrets, maskSecretsInText } from '../models/mask-secrets'
import type { ToolRecord } from '../models/tool-records'
import { toolViewKind } from '../models/tool-view-kind'
import { useT } from '@/i18n'
import { diffLines } from '@/lib/line-diff'
import { cn } from '@/lib/cn'
import { readString } from '@/lib/read-fields'

/** A field of the tool's input as text; a missing or non-string field shows as nothing. */
const field = (input: Record<string, unknown>, key: string): string => readString(input[key]) ?? ''

const TONES = {
  plain: 'bg-muted text-foreground',
  error: 'bg-destructive/5 text-destructive',
  // A terminal stays dark in both themes; ANSI colours map to tokens that read on it.
  terminal: 'bg-slate-950 text-slate-100',
} as const

function Block({
  label,
  children,
  tone = 'plain',
}: {
  label: string
  children: React.ReactNode
  tone?: keyof typeof TONES
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <pre
        tabIndex={0}
        aria-label={label}
        className={cn(
          'max-h-72 overflow-auto rounded-md p-3 font-mono text-xs break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-ring',
          TONES[tone],
        )}
      >
        {children}
      </pre>
    </div>
  )
}

function Diff({ before, after }: { before: string; after: string }) {
  const { t } = useT('sessions')
  const lines = useMemo(() => diffLines(before, after), [before, after])
  return (
    <Block label={t('sessions.io.edit')}>
      {lines.map((line, index) => (
        <span
          key={index}
          className={cn(
            'block',
            line.kind === 'removed' && 'bg-destructive/10 text-destructive',
            line.kind === 'added' && 'bg-success-surface text-success',
          )}
        >
          <span aria-hidden="true">
            {line.kind === 'removed' ? '- ' : line.kind === 'added' ? '+ ' : '  '}
          </span>
          <span className="sr-only">
            {line.kind === 'removed'
              ? t('sessions.io.removedLine')
              : line.kind === 'added'
                ? t('sessions.io.addedLine')
                : ''}
          </span>
          <VisibleText text={line.text} />
        </span>
      ))}
    </Block>
  )
}

/**
 * A tool call's input and output shown by kind: a terminal for `execute`, file contents for
 * reads and writes, a diff for `edit_file`. Masked unless `isRevealed`; always plain text.
 */
export function ToolIo({ record, isRevealed }: { record: ToolRecord; isRevealed: boolean }) {
  const { t } = useT('sessions')
  const input = useMemo(
    () => (isRevealed ? (record.input ?? {}) : maskSecrets(record.input ?? {}).value),
    [isRevealed, record.input],
  )
  const output = isRevealed ? record.output : maskSecretsInText(record.output).value
  const kind = toolViewKind(record.name)
  const path = field(input, 'path')
  const outputFile = `${record.toolCallId}-output.txt`
  const outputBlock = output ? (
    <LongText text={output} label={t('sessions.io.output')} filename={outputFile}>
      {(visible) => (
        <Block label={t('sessions.io.output')} tone={record.isError ? 'error' : 'plain'}>
          <AnsiText text={visible} />
        </Block>
      )}
    </LongText>
  ) : (
    <p className="text-xs text-muted-foreground">
      {record.isComplete ? t('sessions.io.noOutput') : t('sessions.io.noOutputYet')}
    </p>
  )

  switch (kind) {
    case 'terminal':
      return (
        <div className="flex flex-col gap-2">
          <Block label={t('sessions.io.command')}>
            $ <VisibleText text={field(input, 'command')} />
          </Block>
          {output ? (
            <LongText text={output} label={t('sessions.io.terminalOutput')} filename={outputFile}>
              {(visible) => (
                <Block label={t('sessions.io.terminalOutput')} tone="terminal">
                  <AnsiText text={visible} palette="terminal" />
                </Block>
              )}
            </LongText>
          ) : (
            outputBlock
          )}
        </div>
      )
    case 'file-read':
      return (
        <div className="flex flex-col gap-2">
          <p className="font-mono text-xs">
            {t('sessions.io.read', { path: markInvisibleCharacters(path) })}
          </p>
          {outputBlock}
        </div>
      )
    case 'file-write':
      return (
        <div className="flex flex-col gap-2">
          <Block label={t('sessions.io.written', { path: markInvisibleCharacters(path) })}>
            <VisibleText text={field(input, 'content')} />
          </Block>
          {outputBlock}
        </div>
      )
    case 'diff':
      return (
        <div className="flex flex-col gap-2">
          <p className="font-mono text-xs">
            {t('sessions.io.editPath', { path: markInvisibleCharacters(path) })}
          </p>
          <Diff before={field(input, 'old_string')} after={field(input, 'new_string')} />
          {outputBlock}
        </div>
      )
    default:
      return (
        <div className="flex flex-col gap-2">
          <LongText
            text={JSON.stringify(input, null, 2)}
            label={t('sessions.io.input')}
            filename={`${record.toolCallId}-input.json`}
          >
            {(visible) => (
              <Block label={t('sessions.io.input')}>
                <VisibleText text={visible} />
              </Block>
            )}
          </LongText>
          {outputBlock}
        </div>
      )
  }
}

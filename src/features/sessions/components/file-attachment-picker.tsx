import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { sessionFilesQuery } from '@/data/sessions/files'
import { VisibleText } from '@/components/text/visible-text'
import { FailureNotice } from '@/components/ui/failure-notice'
import { ChoiceField, FieldGroup } from '@/components/ui/field'
import { useT } from '@/i18n'
import { formatFileSize } from '../models/file-size'

/**
 * Chooses session files to send with an input as `file` content parts (by `file_id`). Shared by
 * every composer intent: a new turn, steering and injected context take the same parts. The list
 * loads when the user opens it, so a composer costs no request until files are wanted.
 */
export function FileAttachmentPicker({
  sessionId,
  value,
  onChange,
  isDisabled = false,
}: {
  sessionId: string
  /** The chosen file ids, in the order they are sent. */
  value: readonly string[]
  onChange: (fileIds: string[]) => void
  isDisabled?: boolean
}) {
  const { t } = useT('sessions:files')
  const id = useId()
  const [isOpen, setIsOpen] = useState(value.length > 0)
  const files = useQuery({ ...sessionFilesQuery(sessionId), enabled: isOpen })
  const toggle = (fileId: string, isChosen: boolean) =>
    onChange(isChosen ? [...value, fileId] : value.filter((chosen) => chosen !== fileId))
  return (
    <details
      className="rounded-md border border-border px-3 py-2 text-sm"
      open={isOpen}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium">
        {t('sessions.files.attach.title')}
        {value.length > 0 ? (
          <span className="ml-2 font-normal text-muted-foreground">
            {t('sessions.files.attach.count', { count: value.length })}
          </span>
        ) : null}
      </summary>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground">
        {t('sessions.files.attach.hint')}
      </p>
      {!isOpen ? null : files.isPending ? (
        <p className="mt-2 text-muted-foreground">{t('sessions.files.attach.loading')}</p>
      ) : files.isError ? (
        <FailureNotice error={files.error} className="mt-2" />
      ) : !files.data.isOffered ? (
        <p className="mt-2 text-muted-foreground">{t('sessions.files.attach.notOffered')}</p>
      ) : files.data.items.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{t('sessions.files.attach.empty')}</p>
      ) : (
        <FieldGroup
          legend={<span className="sr-only">{t('sessions.files.attach.title')}</span>}
          className="mt-2 gap-1"
        >
          {files.data.items.map((file) => (
            <ChoiceField
              key={file.fileId}
              className="items-center"
              label={
                <>
                  <span className="break-all">
                    <VisibleText text={file.name} />
                  </span>{' '}
                  <span className="text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
                </>
              }
            >
              {(control) => (
                <input
                  {...control}
                  type="checkbox"
                  checked={value.includes(file.fileId)}
                  disabled={isDisabled}
                  onChange={(event) => toggle(file.fileId, event.target.checked)}
                  aria-describedby={`${id}-hint`}
                />
              )}
            </ChoiceField>
          ))}
        </FieldGroup>
      )}
    </details>
  )
}

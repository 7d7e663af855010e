import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { ArtifactList } from './artifact-list'
import { PublishReferenceForm } from './publish-reference-form'
import { SessionFileTable } from './session-file-table'
import { isApiError } from '@/api/api-error'
import {
  MAX_UPLOAD_BYTES,
  sessionArtifactsQuery,
  sessionFilesQuery,
  useUploadSessionFile,
} from '@/data/sessions/files'
import { VisibleText } from '@/components/text/visible-text'
import { Button } from '@/components/ui/button'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Field } from '@/components/ui/field'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'
import { RichText } from '@/i18n/rich-text'
import { createIdempotencyKey } from '@/lib/idempotency-key'
import { formatFileSize } from '../models/file-size'

const LIMIT = formatFileSize(MAX_UPLOAD_BYTES)

/**
 * The session's files and artifacts: upload (the size limit said before sending), list, download
 * with the server's file name, publish a file or an https reference, revoke. A server without
 * these routes gets one sentence, not an error per list.
 */
export function FilesTab({
  sessionId,
  canWrite,
  canAct,
}: {
  sessionId: string
  /** The user's role may change sessions (a viewer may not). */
  canWrite: boolean
  /** …and the session is not archived. */
  canAct: boolean
}) {
  const { t } = useT('sessions:files')
  const files = useQuery(sessionFilesQuery(sessionId))
  const artifacts = useQuery(sessionArtifactsQuery(sessionId))

  const failed = files.isError ? files : artifacts.isError ? artifacts : null
  if (failed) {
    return (
      <QueryErrorState
        title={t('sessions.files.loadFailed')}
        error={failed.error}
        onRetry={() => void failed.refetch()}
      />
    )
  }
  if (!files.data || !artifacts.data) return <LoadingState label={t('sessions.files.loading')} />
  if (!files.data.isOffered && !artifacts.data.isOffered) {
    return (
      <Notice role="status" className="mt-4">
        <p>{t('sessions.files.notOffered')}</p>
      </Notice>
    )
  }
  return (
    <div className="mt-4 flex flex-col gap-6">
      {!canWrite ? (
        <Notice role="note">
          <p>{t('sessions.files.readOnly')}</p>
        </Notice>
      ) : !canAct ? (
        <Notice role="note">
          <p>{t('sessions.files.archived')}</p>
        </Notice>
      ) : null}
      <p className="text-xs text-muted-foreground">{t('sessions.files.untrusted')}</p>
      {canAct ? <UploadForm sessionId={sessionId} /> : null}
      <SessionFileTable sessionId={sessionId} files={files.data.items} canAct={canAct} />
      <ArtifactList sessionId={sessionId} artifacts={artifacts.data.items} canAct={canAct} />
      {canAct ? <PublishReferenceForm sessionId={sessionId} /> : null}
    </div>
  )
}

function UploadForm({ sessionId }: { sessionId: string }) {
  const { t } = useT('sessions:files')
  const id = useId()
  // One key per chosen file: a retry of the same upload sends it again, a new choice gets a new one.
  const [chosen, setChosen] = useState<{ file: File; key: string } | null>(null)
  const [uploaded, setUploaded] = useState<string | null>(null)
  const upload = useUploadSessionFile(sessionId, {
    onSuccess: (file) => {
      setUploaded(file.name)
      setChosen(null)
    },
  })
  const isTooLarge = chosen !== null && chosen.file.size > MAX_UPLOAD_BYTES
  const isRefusedAsTooLarge = isApiError(upload.error) && upload.error.status === 413
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (chosen && !isTooLarge) upload.mutate({ file: chosen.file, idempotencyKey: chosen.key })
      }}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {t('sessions.files.upload.title')}
      </h3>
      <Field
        label={t('sessions.files.upload.label')}
        hint={t('sessions.files.upload.limit', { limit: LIMIT })}
        error={
          isTooLarge && chosen
            ? t('sessions.files.upload.tooLarge', {
                name: chosen.file.name,
                size: formatFileSize(chosen.file.size),
                limit: LIMIT,
              })
            : null
        }
      >
        {(control) => (
          <input
            {...control}
            type="file"
            className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:py-1.5 file:text-sm"
            onChange={(event) => {
              const file = event.target.files?.[0]
              upload.reset()
              setUploaded(null)
              setChosen(file ? { file, key: createIdempotencyKey('file') } : null)
            }}
          />
        )}
      </Field>
      <div>
        <Button type="submit" variant="primary" disabled={!chosen || isTooLarge || upload.isPending}>
          {upload.isPending
            ? t('sessions.files.upload.sending')
            : upload.isError
              ? t('sessions.files.upload.retry')
              : t('sessions.files.upload.send')}
        </Button>
      </div>
      {upload.isError ? (
        <FailureNotice
          error={upload.error}
          {...(isRefusedAsTooLarge
            ? { message: t('sessions.files.upload.tooLargeAfter', { limit: LIMIT }) }
            : {})}
        />
      ) : null}
      <p role="status" className="text-sm text-success">
        {uploaded !== null ? (
          <RichText id="sessions.files.upload.done" values={{ name: <VisibleText text={uploaded} /> }} />
        ) : null}
      </p>
    </form>
  )
}

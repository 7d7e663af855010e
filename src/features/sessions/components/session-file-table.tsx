import { useState } from 'react'
import { downloadSessionFile, usePublishArtifact } from '@/data/sessions/files'
import type { SessionFile } from '@/data/sessions/decode-files'
import { VisibleText } from '@/components/text/visible-text'
import { Button } from '@/components/ui/button'
import { FailureNotice } from '@/components/ui/failure-notice'
import { useT } from '@/i18n'
import { downloadBlob } from '@/lib/download'
import { createIdempotencyKey } from '@/lib/idempotency-key'
import { formatFileSize } from '../models/file-size'

/** The session's files with name, type, size and sha256; download, and publish as an artifact. */
export function SessionFileTable({
  sessionId,
  files,
  canAct,
}: {
  sessionId: string
  files: SessionFile[]
  canAct: boolean
}) {
  const { t } = useT('sessions:files')
  const [failure, setFailure] = useState<unknown>(null)
  const publish = usePublishArtifact(sessionId)
  const download = async (file: SessionFile) => {
    setFailure(null)
    try {
      const { blob, fileName } = await downloadSessionFile(sessionId, file)
      downloadBlob(fileName, blob)
    } catch (caught) {
      setFailure(caught)
    }
  }
  return (
    <section aria-labelledby={`${sessionId}-files-title`} className="flex flex-col gap-2">
      <h3 id={`${sessionId}-files-title`} className="text-sm font-semibold">
        {t('sessions.files.list.title')}
      </h3>
      {files.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {canAct ? t('sessions.files.list.empty') : t('sessions.files.list.emptyReadOnly')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('sessions.files.list.name')}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('sessions.files.list.type')}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('sessions.files.list.size')}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('sessions.files.list.sha256')}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t('sessions.files.list.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={file.fileId} className="border-t border-border align-top">
                  <th scope="row" className="max-w-64 py-2 pr-3 font-normal break-all">
                    <VisibleText text={file.name} />
                  </th>
                  <td className="py-2 pr-3 font-mono text-xs">
                    <VisibleText text={file.mediaType} />
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatFileSize(file.size)}</td>
                  <td className="max-w-48 py-2 pr-3 font-mono text-xs break-all">{file.sha256}</td>
                  <td className="py-2">
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        aria-label={t('sessions.files.list.downloadLabel', { name: file.name })}
                        onClick={() => void download(file)}
                      >
                        {t('sessions.files.list.download')}
                      </Button>
                      {canAct ? (
                        <Button
                          size="sm"
                          disabled={publish.isPending}
                          aria-label={t('sessions.files.list.publishLabel', { name: file.name })}
                          onClick={() =>
                            publish.mutate({
                              source: 'file',
                              fileId: file.fileId,
                              idempotencyKey: createIdempotencyKey('artifact'),
                            })
                          }
                        >
                          {t('sessions.files.list.publish')}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {failure !== null ? (
        <FailureNotice error={failure} message={t('sessions.files.list.downloadFailed')} />
      ) : null}
      {publish.isError ? <FailureNotice error={publish.error} /> : null}
    </section>
  )
}

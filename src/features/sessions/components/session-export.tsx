import { useState } from 'react'
import { exportSessionEvents, type SessionExport } from '@/data/sessions/export'
import { Button } from '@/components/ui/button'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Link } from '@/components/ui/link'
import { useT } from '@/i18n'
import { downloadBlob } from '@/lib/download'

/**
 * Saves the session's public events as the server exports them (`GET {S}/export`), with the
 * manifest line in front (session, last cursor, count, SHA-256, and where the tool calls ran),
 * for the offline viewer or for keeping. Reading the log is all it does; it needs no write permission.
 */
export function SessionExport({
  sessionId,
  environmentId,
}: {
  sessionId: string
  environmentId: string | null
}) {
  const { t } = useT('sessions:inspector')
  const [isBusy, setIsBusy] = useState(false)
  const [saved, setSaved] = useState<SessionExport | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const save = async () => {
    setIsBusy(true)
    setFailure(null)
    setSaved(null)
    try {
      const exported = await exportSessionEvents(sessionId, environmentId)
      downloadBlob(exported.fileName, exported.blob)
      setSaved(exported)
    } catch (caught) {
      setFailure(caught)
    } finally {
      setIsBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={() => void save()} disabled={isBusy}>
          {isBusy ? t('sessions.offline.export.busy') : t('sessions.offline.export.button')}
        </Button>
        <OpenExportLink />
      </div>
      <p role="status" className="text-xs break-all text-muted-foreground">
        {saved
          ? t('sessions.offline.export.done', {
              name: saved.fileName,
              count: saved.manifest.count,
              sha: saved.manifest.sha256,
            })
          : null}
      </p>
      {failure ? <FailureNotice error={failure} /> : null}
    </div>
  )
}

/** Where an export file is opened (the sessions list points there too: a file needs no session). */
export function OpenExportLink() {
  const { t } = useT('sessions:inspector')
  return (
    <Link className="text-sm text-primary hover:underline" to="/sessions-file">
      {t('sessions.offline.export.openViewer')}
    </Link>
  )
}

import { useState } from 'react'
import { useRevokeArtifact } from '@/data/sessions/files'
import type { SessionArtifact } from '@/data/sessions/decode-files'
import { VisibleText } from '@/components/text/visible-text'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmationDialog } from '@/components/ui/confirmation-dialog'
import { useT } from '@/i18n'
import { RichText } from '@/i18n/rich-text'

/** Published (and revoked) artifacts; a published one can be revoked after confirming. */
export function ArtifactList({
  sessionId,
  artifacts,
  canAct,
}: {
  sessionId: string
  artifacts: SessionArtifact[]
  canAct: boolean
}) {
  const { t } = useT('sessions:files')
  const [revoking, setRevoking] = useState<SessionArtifact | null>(null)
  const revoke = useRevokeArtifact(sessionId)
  return (
    <section aria-labelledby={`${sessionId}-artifacts-title`} className="flex flex-col gap-2">
      <h3 id={`${sessionId}-artifacts-title`} className="text-sm font-semibold">
        {t('sessions.files.artifacts.title')}
      </h3>
      {artifacts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {canAct ? t('sessions.files.artifacts.empty') : t('sessions.files.artifacts.emptyReadOnly')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border text-sm">
          {artifacts.map((artifact) => (
            <li key={artifact.artifactId} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium break-all">
                  <VisibleText text={artifact.name} />
                </p>
                {/* The reference is shown, never followed from here: it is the publisher's word. */}
                <p className="font-mono text-xs break-all text-muted-foreground">
                  {artifact.fileId !== null ? `${t('sessions.files.artifacts.fromFile')} · ` : null}
                  <VisibleText text={artifact.uri} />
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={artifact.status === 'published' ? 'success' : 'neutral'}>
                  {artifact.status === 'published'
                    ? t('sessions.files.artifacts.published')
                    : t('sessions.files.artifacts.deleted')}
                </Badge>
                {canAct && artifact.status === 'published' ? (
                  <Button
                    size="sm"
                    variant="destructive-outline"
                    aria-label={t('sessions.files.artifacts.revokeLabel', { name: artifact.name })}
                    onClick={() => setRevoking(artifact)}
                  >
                    {t('sessions.files.artifacts.revoke')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmationDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null)
        }}
        title={t('sessions.files.artifacts.revokeTitle')}
        body={
          revoking ? (
            <RichText
              id="sessions.files.artifacts.revokeBody"
              values={{ name: <VisibleText text={revoking.name} /> }}
            />
          ) : null
        }
        confirmLabel={t('sessions.files.artifacts.revoke')}
        isDestructive
        onConfirm={async () => {
          if (revoking) await revoke.mutateAsync(revoking.artifactId)
          setRevoking(null)
        }}
      />
    </section>
  )
}

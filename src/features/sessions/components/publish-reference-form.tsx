import { useId, useState } from 'react'
import { usePublishArtifact } from '@/data/sessions/files'
import { Button } from '@/components/ui/button'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { useT } from '@/i18n'
import { createIdempotencyKey } from '@/lib/idempotency-key'
import { isHttpsReference } from '../models/file-size'

/**
 * Publishes an external https reference. The server's own checks decide (userinfo, a bad
 * sha256…): its 400 is shown in its words; only the scheme is said here before sending.
 */
export function PublishReferenceForm({ sessionId }: { sessionId: string }) {
  const { t } = useT('sessions:files')
  const id = useId()
  const [name, setName] = useState('')
  const [uri, setUri] = useState('')
  const [sha256, setSha256] = useState('')
  // The same form contents keep their key, so a retry after a lost answer publishes once.
  const [key, setKey] = useState(() => createIdempotencyKey('artifact'))
  const publish = usePublishArtifact(sessionId, {
    onSuccess: () => {
      setName('')
      setUri('')
      setSha256('')
      setKey(createIdempotencyKey('artifact'))
    },
  })
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value)
    if (publish.isError) {
      publish.reset()
      setKey(createIdempotencyKey('artifact'))
    }
  }
  const isNotHttps = uri.trim() !== '' && !/^https:/i.test(uri.trim())
  const canSend = name.trim() !== '' && isHttpsReference(uri) && !publish.isPending
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="flex max-w-xl flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (!canSend) return
        publish.mutate({
          source: 'uri',
          name: name.trim(),
          uri: uri.trim(),
          ...(sha256.trim() ? { sha256: sha256.trim() } : {}),
          idempotencyKey: key,
        })
      }}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {t('sessions.files.publishUri.title')}
      </h3>
      <Field label={t('sessions.files.publishUri.name')}>
        {(control) => (
          <Input {...control} value={name} onChange={(event) => edit(setName)(event.target.value)} />
        )}
      </Field>
      <Field
        label={t('sessions.files.publishUri.uri')}
        hint={t('sessions.files.publishUri.uriHint')}
        error={isNotHttps ? t('sessions.files.publishUri.notHttps') : null}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            value={uri}
            onChange={(event) => edit(setUri)(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('sessions.files.publishUri.sha256')} hint={t('sessions.files.publishUri.sha256Hint')}>
        {(control) => (
          <Input
            {...control}
            className="font-mono"
            value={sha256}
            onChange={(event) => edit(setSha256)(event.target.value)}
          />
        )}
      </Field>
      <div>
        <Button type="submit" variant="primary" disabled={!canSend}>
          {t('sessions.files.publishUri.send')}
        </Button>
      </div>
      {publish.isError ? <FailureNotice error={publish.error} /> : null}
    </form>
  )
}

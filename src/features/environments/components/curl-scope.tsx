import { useContext } from 'react'
import { CurlScopeContext } from './curl-scope-context'
import { commandBaseUrl } from '@/api/command-base-url'
import { environmentCurl, secretVariables, type EnvironmentCurlAction } from '../models/environment-curl'
import { CopyButton } from '@/components/ui/copy-button'
import { useT } from '@/i18n'

/** "Copy as curl" for the request the dialog is about to send; $TOKEN stands for the user token. */
export function CopyCurlButton({
  request,
}: {
  request: EnvironmentCurlAction | (() => EnvironmentCurlAction)
}) {
  const { t } = useT('environments')
  const scope = useContext(CurlScopeContext)
  const build = () => {
    const resolved = typeof request === 'function' ? request() : request
    return environmentCurl(resolved, { baseUrl: commandBaseUrl(), scope })
  }
  const resolved = typeof request === 'function' ? null : request
  const secrets = resolved && 'body' in resolved ? secretVariables(resolved.body) : []
  return (
    <CopyButton
      text={build}
      label={t('environments.curl.copy')}
      title={
        secrets.length
          ? t('environments.curl.hintWithSecrets', { secrets: secrets.join(', ') })
          : t('environments.curl.hint')
      }
    >
      {t('environments.curl.copy')}
    </CopyButton>
  )
}

import { createContext, useContext } from 'react'
import { commandBaseUrl } from '../api/command-base-url'
import {
  environmentCurl,
  secretVariables,
  type CurlScope,
  type EnvironmentCurlAction,
} from '../models/environment-curl'
import { CopyButton } from '@/components/ui/copy-button'

/** The scope headers a copied curl carries; the route provides the signed-in user's scope. */
const CurlScopeContext = createContext<CurlScope>({ tenant: null, namespace: null })

export const CurlScopeProvider = CurlScopeContext.Provider

/** "Copy as curl" for the request the dialog is about to send; $TOKEN stands for the user token. */
export function CopyCurlButton({
  request,
}: {
  request: EnvironmentCurlAction | (() => EnvironmentCurlAction)
}) {
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
      label="Copy as curl"
      title={`Set TOKEN${secrets.length ? ` and ${secrets.join(', ')}` : ''} in your shell first; the command never contains credentials.`}
    >
      Copy as curl
    </CopyButton>
  )
}

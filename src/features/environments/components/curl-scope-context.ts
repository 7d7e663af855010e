import { createContext } from 'react'
import type { CurlScope } from '../models/environment-curl'

/**
 * The scope headers a copied curl carries; the route provides the signed-in user's scope. Its
 * own module, so a route can provide it without loading the curl builder the dialogs use.
 */
export const CurlScopeContext = createContext<CurlScope>({ tenant: null, namespace: null })

export const CurlScopeProvider = CurlScopeContext.Provider

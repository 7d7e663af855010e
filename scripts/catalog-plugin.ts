import { compileMessage } from '@lingui/message-utils/compileMessage'
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
import { flattenCatalog, idPrefixOfCatalog } from '../src/i18n/catalog-files.ts'

/**
 * Message catalogs are written as nested JSON of ICU messages (`src/**\/locales/<locale>.json`)
 * and compiled here, at build time, into the form @lingui/core interprets. Shipping compiled
 * messages keeps the 7 KB ICU parser out of the browser; the runtime is ~2 KB.
 */
export function messageCatalogs(): Plugin {
  return {
    name: 'message-catalogs',
    enforce: 'pre',
    load(id) {
      const path = id.split('?')[0] ?? id
      const prefix = idPrefixOfCatalog(path)
      if (!prefix) return null
      const nested = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
      const compiled: Record<string, unknown> = {}
      for (const [key, message] of Object.entries(flattenCatalog(prefix, nested))) {
        compiled[key] = compileMessage(message)
      }
      // Returned as JSON so Vite's own JSON handling turns it into a module.
      return JSON.stringify(compiled)
    },
  }
}

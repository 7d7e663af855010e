import type { Messages } from '@lingui/core'
import { byNamespace } from './catalog-files'

/**
 * Every message catalog's loader by `namespace/locale`, in a chunk of its own that i18n.ts loads
 * the first time a catalog outside the first route's is asked for (a new catalog adds a line here,
 * not to the first download).
 */
export const catalogLoaders = byNamespace(import.meta.glob<{ default: Messages }>('/src/**/locales/*.json'))

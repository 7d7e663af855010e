import { useEffect } from 'react'
import { useT } from '@/i18n'

/**
 * Names the browser tab after the screen, most specific part first, e.g.
 * "build-workers · Environments · Managed Agents" (WCAG 2.4.2): tabs, history and screen readers
 * then tell pages apart. Empty parts (a name still loading) are left out.
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]) {
  const { t } = useT('app')
  const title = [...parts.filter((part): part is string => Boolean(part)), t('app.product.name')].join(' · ')
  useEffect(() => {
    document.title = title
  }, [title])
}

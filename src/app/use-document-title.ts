import { useEffect } from 'react'
import { useT } from '@/i18n'

/**
 * Names the browser tab after what the page shows (`Release prep · Managed Agents Console`), so
 * a user with several tabs, or their history, can tell them apart; the product name comes back
 * when the page goes. Null keeps the product name alone (while the page's subject loads).
 */
export function useDocumentTitle(title: string | null) {
  const { t, locale } = useT('app')
  useEffect(() => {
    const product = t('app.product.documentTitle')
    document.title = title ? t('app.pageTitle', { title, product }) : product
    return () => {
      document.title = product
    }
  }, [title, t, locale])
}

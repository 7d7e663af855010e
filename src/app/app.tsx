import { useEffect } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { BrowserRouter } from 'react-router'
import { AppErrorBoundary } from './app-error-boundary'
import { queryClient } from './app-instance'
import { AppRoutes } from './router'
import { useT } from '@/i18n'

/** The tab title follows the language (index.html carries the English one for the first paint). */
function DocumentTitle() {
  const { t, locale } = useT('app')
  useEffect(() => {
    document.title = t('app.product.documentTitle')
  }, [t, locale])
  return null
}

export function App() {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <DocumentTitle />
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </AppErrorBoundary>
  )
}

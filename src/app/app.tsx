import { QueryClientProvider } from '@tanstack/react-query'
import { BrowserRouter } from 'react-router'
import { AppErrorBoundary } from './app-error-boundary'
import { queryClient } from './app-instance'
import { AppRoutes } from './router'

// Each screen names the tab itself (useDocumentTitle); index.html carries a title for the first paint.

export function App() {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </AppErrorBoundary>
  )
}

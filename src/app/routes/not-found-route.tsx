import { useLocation } from 'react-router'
import { useDocumentTitle } from '../use-document-title'
import { Link } from '@/components/ui/link'
import { RichText, useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

export default function NotFoundRoute() {
  const { t } = useT('app', 'app:screens')
  const location = useLocation()
  useDocumentTitle(t('app.notFound.title'))
  return (
    <div className="mx-auto max-w-xl p-10 text-center">
      <h1 className="text-xl font-semibold">{t('app.notFound.title')}</h1>
      <p className="mt-2 text-sm break-all text-muted-foreground">
        <RichText
          id="app.notFound.body"
          values={{ path: <code className="font-mono">{location.pathname}</code> }}
        />
      </p>
      <Link className="mt-4 inline-block text-primary underline" to="/environments">
        {t('app.notFound.goToEnvironments')}
      </Link>
    </div>
  )
}

import { Link, useLocation } from 'react-router'

export default function NotFoundRoute() {
  const location = useLocation()
  return (
    <div className="mx-auto max-w-xl p-10 text-center">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-sm break-all text-muted-foreground">
        Nothing in the console lives at <code className="font-mono">{location.pathname}</code>.
      </p>
      <Link className="mt-4 inline-block text-primary underline" to="/environments">
        Go to environments
      </Link>
    </div>
  )
}

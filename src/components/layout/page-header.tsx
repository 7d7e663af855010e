import type { ReactNode } from 'react'

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div
      data-slot="page-header"
      className="flex flex-wrap items-start justify-between gap-4 border-b border-border px-6 py-5"
    >
      <div className="min-w-0">
        <h1 className="text-xl font-semibold break-words">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </div>
  )
}

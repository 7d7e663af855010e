/** Help and error text under a control, wired up with aria-describedby. */
export function FieldMessages({
  id,
  help,
  error,
}: {
  id: string
  help?: string | undefined
  error?: string | undefined
}) {
  return (
    <>
      {help ? (
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </>
  )
}

export const describedBy = (id: string, help: unknown, error: unknown) =>
  [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

/**
 * A one-shot request carried in the address (`?create=1`, `?new=1`, as the command palette links):
 * whether it is there, and a way to drop it once handled, without adding a history entry.
 */
export function useSearchFlag(name: string): [isSet: boolean, clear: () => void] {
  const [params, setParams] = useSearchParams()
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          next.delete(name)
          return next
        },
        { replace: true },
      ),
    [name, setParams],
  )
  return [params.get(name) === '1', clear]
}

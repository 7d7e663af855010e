import { isApiError } from '@/api/api-error'

/**
 * A list from a route that a server may not serve at all (the 2026-08 release answers 404 for the
 * session operations): absent is a state to say in one sentence, not an error.
 */
export type Offered<T> = { isOffered: true; items: T[] } | { isOffered: false; items: [] }

/** Reads the list; a 404 means the server does not offer the route. */
export async function whenOffered<T>(read: () => Promise<T[]>): Promise<Offered<T>> {
  try {
    return { isOffered: true, items: await read() }
  } catch (caught) {
    if (isApiError(caught) && caught.status === 404) return { isOffered: false, items: [] }
    throw caught
  }
}

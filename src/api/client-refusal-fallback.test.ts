import { afterEach, expect, it, vi } from 'vitest'
import { isApiError } from './api-error'
import { api, configureApi } from './client'

// The body reader is its own download; when it cannot be fetched (a deploy replaced the files, the
// connection dropped) a refused call must still reach the screen as an ApiError with its status.
vi.mock('./error-body', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

afterEach(() => vi.unstubAllGlobals())

it('a refusal is still an ApiError with its status when the body reader cannot load', async () => {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(Response.json({ message: 'No such environment.' }, { status: 404 })),
  )
  configureApi('http://gateway.test')
  const error: unknown = await api()
    .GET('/api/environments/{id}', { params: { path: { id: 'env_1' } } })
    .catch((reason: unknown) => reason)
  expect(isApiError(error)).toBe(true)
  expect(error).toMatchObject({ status: 404, kind: 'not_found', message: 'Something went wrong.' })
})

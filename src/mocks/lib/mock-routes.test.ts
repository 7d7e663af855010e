import { describe, expect, it } from 'vitest'
import { isMockRoute } from './mock-routes'

const ORIGIN = 'http://127.0.0.1:5173'

describe('isMockRoute', () => {
  it('takes the console’s API and the mock’s control routes on the page’s origin', () => {
    expect(isMockRoute(`${ORIGIN}/api/environments`, ORIGIN)).toBe(true)
    expect(isMockRoute(`${ORIGIN}/api/v1/agent-sessions/s1/events/stream?after=3`, ORIGIN)).toBe(true)
    expect(isMockRoute(`${ORIGIN}/__mock/reset`, ORIGIN)).toBe(true)
  })

  it('leaves the dev server’s modules alone, even those whose path contains /api/', () => {
    // `npm run dev` serves src/ as it is: these are code, not API calls.
    expect(isMockRoute(`${ORIGIN}/src/api/command-base-url.ts`, ORIGIN)).toBe(false)
    expect(isMockRoute(`${ORIGIN}/src/mocks/lib/mock-routes.ts?t=1`, ORIGIN)).toBe(false)
    expect(isMockRoute(`${ORIGIN}/node_modules/.vite/deps/api/x.js`, ORIGIN)).toBe(false)
    expect(isMockRoute(`${ORIGIN}/apis`, ORIGIN)).toBe(false)
    expect(isMockRoute(`${ORIGIN}/`, ORIGIN)).toBe(false)
  })

  it('leaves other origins alone (a real Gateway, a CDN)', () => {
    expect(isMockRoute('https://gateway.example.com/api/environments', ORIGIN)).toBe(false)
    expect(isMockRoute('not a url', ORIGIN)).toBe(false)
  })
})

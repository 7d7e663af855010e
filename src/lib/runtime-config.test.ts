import { describe, expect, it } from 'vitest'
import { parseRuntimeConfig, resolveApiBaseUrl } from './runtime-config'

describe('parseRuntimeConfig', () => {
  it('defaults to the bundled mock when the file is missing or malformed', () => {
    expect(parseRuntimeConfig(undefined)).toEqual({ apiMode: 'mock', apiBaseUrl: '' })
    expect(parseRuntimeConfig('real')).toEqual({ apiMode: 'mock', apiBaseUrl: '' })
    expect(parseRuntimeConfig({ apiMode: 'production' })).toEqual({ apiMode: 'mock', apiBaseUrl: '' })
  })

  it('reads a real Gateway and drops trailing slashes', () => {
    expect(parseRuntimeConfig({ apiMode: 'real', apiBaseUrl: ' https://gw.example.com/ ' })).toEqual({
      apiMode: 'real',
      apiBaseUrl: 'https://gw.example.com',
    })
  })

  it('uses the page origin when no base URL is configured', () => {
    expect(resolveApiBaseUrl({ apiMode: 'real', apiBaseUrl: '' }, 'http://127.0.0.1:5173')).toBe(
      'http://127.0.0.1:5173',
    )
    expect(resolveApiBaseUrl({ apiMode: 'real', apiBaseUrl: 'https://gw' }, 'http://x')).toBe('https://gw')
  })
})

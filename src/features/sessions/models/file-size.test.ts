import { describe, expect, it } from 'vitest'
import { formatFileSize, isHttpsReference } from './file-size'

describe('formatFileSize', () => {
  it('states bytes, KiB and MiB as the server’s limit is stated', () => {
    expect(formatFileSize(12)).toBe('12 B')
    expect(formatFileSize(1536)).toBe('1.5 KiB')
    expect(formatFileSize(16 * 1024 * 1024)).toBe('16 MiB')
  })
})

describe('isHttpsReference', () => {
  it('accepts https only', () => {
    expect(isHttpsReference('https://example.com/a')).toBe(true)
    expect(isHttpsReference('http://example.com/a')).toBe(false)
    expect(isHttpsReference('ftp://x')).toBe(false)
  })
})

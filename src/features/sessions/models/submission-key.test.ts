import { describe, expect, it } from 'vitest'
import { fingerprintOf, keyForSubmission } from './submission-key'

describe('keyForSubmission', () => {
  let n = 0
  const createKey = () => `k${(n += 1)}`

  it('reuses the key when the same text is retried and makes a new one for other text', () => {
    const first = keyForSubmission(null, 'Write environment-check.txt', createKey)
    expect(keyForSubmission(first, 'Write environment-check.txt', createKey)).toBe(first)
    const other = keyForSubmission(first, 'Write something else', createKey)
    expect(other.key).not.toBe(first.key)
  })

  it('fingerprints without keeping the text', () => {
    expect(fingerprintOf('secret ek_abc')).not.toContain('secret')
    expect(fingerprintOf('a')).not.toBe(fingerprintOf('b'))
  })
})

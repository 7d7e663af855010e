import { describe, expect, it } from 'vitest'
import { reconnectDelay } from './reconnect-delay'

describe('reconnectDelay', () => {
  it('grows exponentially from half a second and stops growing at 15 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250)
    expect(reconnectDelay(0, () => 1)).toBe(500)
    expect(reconnectDelay(3, () => 1)).toBe(4000)
    expect(reconnectDelay(10, () => 1)).toBe(15_000)
    expect(reconnectDelay(50, () => 0)).toBe(7500)
  })
})

/** Time and randomness are injected so tests and the seed are deterministic. */
export type Clock = { now: () => number }

export const systemClock: Clock = { now: () => Date.now() }

export function createManualClock(
  start: number,
): Clock & { advance: (ms: number) => void; set: (ms: number) => void } {
  let current = start
  return {
    now: () => current,
    advance: (ms) => {
      current += ms
    },
    set: (ms) => {
      current = ms
    },
  }
}

export type Random = () => number

/** mulberry32: tiny, fast, good enough for demo data and fault injection. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

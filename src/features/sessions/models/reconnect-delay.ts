/**
 * Delay before reconnect attempt `attempt` (0-based): exponential from 500 ms, capped at 15 s,
 * with "equal jitter" so a fleet of consoles does not reconnect in lockstep after an outage.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(15_000, 500 * 2 ** Math.max(0, attempt))
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}

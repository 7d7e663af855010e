import { useEffect, useRef, useState } from 'react'
import { noteClaims, type Takeover } from '@/data/work/claim-takeovers'
import type { WorkItem } from '@/data/work/types'

/**
 * The takeovers seen while this screen watched the environment's work: the server keeps no record
 * of them (no `reclaimedFrom`), so each read is compared with the claims seen before it.
 */
export function useClaimTakeovers(items: readonly WorkItem[] | undefined): Takeover[] {
  const seen = useRef<ReadonlyMap<string, string>>(new Map())
  const [takeovers, setTakeovers] = useState<Takeover[]>([])
  useEffect(() => {
    if (!items) return
    const next = noteClaims(seen.current, items)
    seen.current = next.seen
    if (next.takeovers.length > 0) setTakeovers((previous) => [...next.takeovers.reverse(), ...previous])
  }, [items])
  return takeovers
}

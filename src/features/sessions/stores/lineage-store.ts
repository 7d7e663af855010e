import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { ForkPlan } from '@/data/sessions/checkpoints'

/** One fork this console made: the target came from `sourceId` at `checkpointId`. */
export type ForkLink = {
  sourceId: string
  targetId: string
  checkpointId: string
  operationId: string
  reason: string
  at: number
}

/** Enough for anyone's recent forks; the oldest go first. */
const MAX_LINKS = 200

type LineageState = {
  /** By target session id (a session is the target of at most one fork: its log must be empty). */
  links: Record<string, ForkLink>
  /** Forks started and not yet confirmed, by `${sourceId}:${checkpointId}`: a retry reuses their keys and target. */
  pending: Record<string, ForkPlan>
  rememberFork: (link: ForkLink) => void
  keepPlan: (slot: string, plan: ForkPlan) => void
  dropPlan: (slot: string) => void
}

/**
 * Which session was forked from which. Upstream writes the fork only into its target
 * (`migration/baseline`, readable with trace on) and nothing into the source, so the link from a
 * source to its forks is what this console remembers. Kept with the drafts (sessionStorage under
 * `asc.`), so it belongs to the signed-in user and a sign-out clears it.
 */
export const useLineageStore = create<LineageState>()(
  persist(
    (set) => ({
      links: {},
      pending: {},
      rememberFork: (link) =>
        set((state) => {
          const others = Object.entries(state.links).filter(([id]) => id !== link.targetId)
          return { links: Object.fromEntries([...others.slice(-(MAX_LINKS - 1)), [link.targetId, link]]) }
        }),
      keepPlan: (slot, plan) => set((state) => ({ pending: { ...state.pending, [slot]: plan } })),
      dropPlan: (slot) =>
        set((state) => ({
          pending: Object.fromEntries(Object.entries(state.pending).filter(([key]) => key !== slot)),
        })),
    }),
    { name: 'asc.sessions.lineage', storage: createJSONStorage(() => sessionStorage) },
  ),
)

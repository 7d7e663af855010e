import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { SessionCreation, SessionOrigin } from '../models/session-origin'

/** Enough for any one person's recent sessions; the oldest records go first. */
const MAX_ORIGINS = 500

type SessionOriginsState = {
  origins: Record<string, SessionOrigin>
  rememberCreation: (sessionId: string, creation: SessionCreation) => void
  markChanged: (sessionId: string, at: number) => void
}

function withOrigin(state: SessionOriginsState, sessionId: string, origin: SessionOrigin) {
  const others = Object.entries(state.origins).filter(([id]) => id !== sessionId)
  return { origins: Object.fromEntries([...others.slice(-(MAX_ORIGINS - 1)), [sessionId, origin]]) }
}

/**
 * The sessions' origins as this console saw them (see SessionOrigin). Kept with the drafts
 * (sessionStorage under `asc.`), so it belongs to the signed-in user and a sign-out clears it.
 */
export const useSessionOriginsStore = create<SessionOriginsState>()(
  persist(
    (set) => ({
      origins: {},
      rememberCreation: (sessionId, creation) => set((state) => withOrigin(state, sessionId, { creation })),
      markChanged: (sessionId, at) =>
        set((state) => withOrigin(state, sessionId, { ...state.origins[sessionId], changedAt: at })),
    }),
    { name: 'asc.sessions.origins', storage: createJSONStorage(() => sessionStorage) },
  ),
)

import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { PendingSubmission } from '../models/submission-key'

/**
 * Submissions the server may or may not have accepted (an error or a reload came first), per
 * scope such as `turn:<sessionId>`. Only the key and a fingerprint are kept, never the text. A
 * reload never resends anything by itself; it only lets the user's own retry reuse the key.
 */
type PendingSubmissionsState = {
  pending: Record<string, PendingSubmission>
  remember: (scope: string, submission: PendingSubmission) => void
  forget: (scope: string) => void
}

export const usePendingSubmissionsStore = create<PendingSubmissionsState>()(
  persist(
    (set) => ({
      pending: {},
      remember: (scope, submission) =>
        set((state) => ({ pending: { ...state.pending, [scope]: submission } })),
      forget: (scope) =>
        set((state) => {
          const { [scope]: _removed, ...rest } = state.pending
          return { pending: rest }
        }),
    }),
    { name: 'asc.pending-submissions', storage: createJSONStorage(() => sessionStorage) },
  ),
)

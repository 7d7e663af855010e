import { create } from 'zustand'
import type { ApiError } from '@/api/api-error'

type ApiHealthState = {
  isUnreachable: boolean
  lastError: ApiError | null
  markUnreachable: (error: ApiError) => void
  markReachable: () => void
}

/** Whether the API answered the last request at all; drives the "API unreachable" banner. */
export const useApiHealthStore = create<ApiHealthState>()((set) => ({
  isUnreachable: false,
  lastError: null,
  markUnreachable: (error) => set({ isUnreachable: true, lastError: error }),
  markReachable: () => set({ isUnreachable: false, lastError: null }),
}))

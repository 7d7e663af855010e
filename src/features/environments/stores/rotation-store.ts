import { create } from 'zustand'
import type { KeyRotation } from '../models/rotation-cutover'

// Only ids and times, no key: kept in sessionStorage so a reload does not lose the cut-over view.
const STORAGE_NAME = 'asc.environments.rotations'

function readStored(): Record<string, KeyRotation> {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_NAME) ?? '{}') as unknown
    if (typeof parsed !== 'object' || parsed === null) return {}
    return Object.fromEntries(
      Object.entries(parsed as Record<string, Partial<KeyRotation>>).filter(
        (entry): entry is [string, KeyRotation] =>
          typeof entry[1].rotatedAt === 'number' && Array.isArray(entry[1].workerIds),
      ),
    )
  } catch {
    return {}
  }
}

type RotationState = {
  rotations: Record<string, KeyRotation>
  recordRotation: (rotation: KeyRotation) => void
  dismissRotation: (environmentId: string) => void
}

/** The latest key rotation per environment, for tracking which workers moved to the new key. */
export const useRotationStore = create<RotationState>()((set, get) => {
  const persist = (rotations: Record<string, KeyRotation>) => {
    sessionStorage.setItem(STORAGE_NAME, JSON.stringify(rotations))
    set({ rotations })
  }
  return {
    rotations: typeof window === 'undefined' ? {} : readStored(),
    recordRotation: (rotation) => persist({ ...get().rotations, [rotation.environmentId]: rotation }),
    dismissRotation: (environmentId) =>
      persist(Object.fromEntries(Object.entries(get().rotations).filter(([id]) => id !== environmentId))),
  }
})

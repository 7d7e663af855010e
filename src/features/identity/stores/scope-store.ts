import { create } from 'zustand'

type ScopeState = {
  tenant: string | null
  namespace: string | null
  setScope: (scope: { tenant: string | null; namespace: string | null }) => void
}

// Only the chosen namespace is remembered (not secret), so a reload stays in the same place.
const STORAGE_NAME = 'asc.scope'

function readStored(): Pick<ScopeState, 'tenant' | 'namespace'> {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_NAME) ?? 'null') as Partial<ScopeState> | null
    return {
      tenant: typeof parsed?.tenant === 'string' ? parsed.tenant : null,
      namespace: typeof parsed?.namespace === 'string' ? parsed.namespace : null,
    }
  } catch {
    return { tenant: null, namespace: null }
  }
}

export const useScopeStore = create<ScopeState>()((set) => ({
  ...(typeof window === 'undefined' ? { tenant: null, namespace: null } : readStored()),
  setScope: (scope) => {
    localStorage.setItem(STORAGE_NAME, JSON.stringify(scope))
    set(scope)
  },
}))

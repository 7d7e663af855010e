import { create } from 'zustand'

/**
 * The API cannot tell in advance whether the deployment allows local environments; the first
 * 403 says so. From then on the create form disables "local" with the reason, for this tab.
 */
type LocalPolicyState = { isLocalDisabled: boolean; markLocalDisabled: () => void }

const STORAGE_NAME = 'asc.environments.localDisabled'

export const useLocalPolicyStore = create<LocalPolicyState>()((set) => ({
  isLocalDisabled: typeof window !== 'undefined' && sessionStorage.getItem(STORAGE_NAME) === 'true',
  markLocalDisabled: () => {
    sessionStorage.setItem(STORAGE_NAME, 'true')
    set({ isLocalDisabled: true })
  },
}))

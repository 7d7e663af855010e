import { create } from 'zustand'

export type SignedInUser = { userId: string; username: string; roles: string[] }

type StoredAuth = { token: string; user: SignedInUser }

export type SignOutReason = 'expired'

type AuthState = {
  token: string | null
  user: SignedInUser | null
  /** Why the last sign-out happened when the user did not ask for it; the login page explains it. */
  signOutReason: SignOutReason | null
  signIn: (auth: StoredAuth, options: { remember: boolean }) => void
  signOut: (reason?: SignOutReason) => void
}

// The token lives in sessionStorage (gone when the tab closes) unless the user ticks
// "remember me"; it never goes into a URL or the query cache.
const STORAGE_NAME = 'asc.auth'

function readStored(): StoredAuth | null {
  for (const storage of [sessionStorage, localStorage]) {
    const raw = storage.getItem(STORAGE_NAME)
    if (!raw) continue
    try {
      const parsed = JSON.parse(raw) as Partial<StoredAuth>
      if (typeof parsed.token === 'string' && parsed.user && typeof parsed.user.username === 'string') {
        return { token: parsed.token, user: parsed.user }
      }
    } catch {
      storage.removeItem(STORAGE_NAME)
    }
  }
  return null
}

function clearStored() {
  sessionStorage.removeItem(STORAGE_NAME)
  localStorage.removeItem(STORAGE_NAME)
}

const initial = typeof window === 'undefined' ? null : readStored()

export const useAuthStore = create<AuthState>()((set) => ({
  token: initial?.token ?? null,
  user: initial?.user ?? null,
  signOutReason: null,
  signIn: (auth, { remember }) => {
    clearStored()
    ;(remember ? localStorage : sessionStorage).setItem(STORAGE_NAME, JSON.stringify(auth))
    set({ token: auth.token, user: auth.user, signOutReason: null })
  },
  signOut: (reason) => {
    clearStored()
    set({ token: null, user: null, signOutReason: reason ?? null })
  },
}))

/** Re-reads storage; used by tests that start from a clean slate. */
export function reloadAuthFromStorage() {
  const stored = readStored()
  useAuthStore.setState({ token: stored?.token ?? null, user: stored?.user ?? null })
}

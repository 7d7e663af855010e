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

// Every screen keeps its drafts and work-in-progress in sessionStorage under `asc.` (config edits,
// session defaults, pending turn submissions, rotation tracking). They belong to the signed-in user.
const OWNER_NAME = 'asc.draft-owner'

function clearUserDrafts() {
  const keys: string[] = []
  for (let i = 0; i < sessionStorage.length; i += 1) {
    const key = sessionStorage.key(i)
    if (key?.startsWith('asc.')) keys.push(key)
  }
  for (const key of keys) sessionStorage.removeItem(key)
}

const initial = typeof window === 'undefined' ? null : readStored()

export const useAuthStore = create<AuthState>()((set) => ({
  token: initial?.token ?? null,
  user: initial?.user ?? null,
  signOutReason: null,
  signIn: (auth, { remember }) => {
    // Drafts kept through an expired session are returned to the same user only.
    if (sessionStorage.getItem(OWNER_NAME) !== auth.user.userId) clearUserDrafts()
    sessionStorage.setItem(OWNER_NAME, auth.user.userId)
    clearStored()
    ;(remember ? localStorage : sessionStorage).setItem(STORAGE_NAME, JSON.stringify(auth))
    set({ token: auth.token, user: auth.user, signOutReason: null })
  },
  signOut: (reason) => {
    // Signing out on purpose forgets the user's drafts; an expired session keeps them for sign-in.
    if (reason === undefined) clearUserDrafts()
    clearStored()
    set({ token: null, user: null, signOutReason: reason ?? null })
  },
}))

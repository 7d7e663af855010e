import { create } from 'zustand'

export type ThemeChoice = 'light' | 'dark' | 'system'

const STORAGE_NAME = 'asc.theme'

function readChoice(): ThemeChoice {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_NAME)
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

function prefersDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true
}

function apply(choice: ThemeChoice) {
  const isDark = choice === 'dark' || (choice === 'system' && prefersDark())
  document.documentElement.classList.toggle('dark', isDark)
}

type ThemeState = { choice: ThemeChoice; setChoice: (choice: ThemeChoice) => void }

export const useThemeStore = create<ThemeState>()((set) => ({
  choice: readChoice(),
  setChoice: (choice) => {
    if (choice === 'system') localStorage.removeItem(STORAGE_NAME)
    else localStorage.setItem(STORAGE_NAME, choice)
    apply(choice)
    set({ choice })
  },
}))

/** Follows the system preference until the user picks a theme. */
export function applyInitialTheme() {
  apply(readChoice())
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => {
    apply(useThemeStore.getState().choice)
  })
}

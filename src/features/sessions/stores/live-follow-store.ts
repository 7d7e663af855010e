import { create } from 'zustand'

/**
 * Whether the events timeline keeps the newest event in view. Shared by the live indicator in
 * the header and the timeline; scrolling up or selecting an event turns it off.
 */
type LiveFollowState = {
  isFollowing: boolean
  setFollowing: (isFollowing: boolean) => void
}

export const useLiveFollowStore = create<LiveFollowState>()((set) => ({
  isFollowing: true,
  setFollowing: (isFollowing) => set({ isFollowing }),
}))

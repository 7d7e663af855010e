/**
 * The string namespaces each heavy tab reads, in one place: the tab asks for them with useT, and
 * the session page asks for them as its code runs when it is opened on that tab, so the strings
 * travel beside the tab's code instead of one round trip after it.
 */
// The Markdown's strings too: loaded before the first block, never while a turn streams in (a
// block that suspends on them would put the whole tab back to its loading state).
export const TRANSCRIPT_STRINGS = ['sessions', 'sessions:transcript', 'markdown'] as const
// The lanes' sub-agent lines and the input marks' words are among the inspector's strings; the
// checkpoint marks' live with the checkpoints tab.
export const WATERFALL_STRINGS = [
  'sessions',
  'sessions:transcript',
  'sessions:inspector',
  'sessions:checkpoints',
] as const

import { rememberUntilFailure } from './remember-until-failure'

/**
 * A module downloaded once, on demand: `load` asks for it (a failed download is forgotten, so the
 * next need asks again), `loaded` gives it once it is in, for a first render that should not
 * suspend on code that has already arrived.
 */
export type CodeOnDemand<M> = { load: () => Promise<M>; loaded: () => M | undefined }

export function codeOnDemand<M>(importModule: () => Promise<M>): CodeOnDemand<M> {
  let loaded: M | undefined
  return {
    load: rememberUntilFailure(() => importModule().then((arrived) => (loaded = arrived))),
    loaded: () => loaded,
  }
}

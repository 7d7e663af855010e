import { afterEach, describe, expect, it, vi } from 'vitest'

/** A fresh copy of the runtime, with none of the catalogs the test setup registers up front. */
async function freshI18n() {
  vi.resetModules()
  return import('./i18n')
}

// The first download knows the shell's and the first route's catalogs; every other one is found
// through the catalog index, fetched the first time one of them is asked for.
describe('loadNamespace', () => {
  afterEach(() => {
    vi.doUnmock('./catalog-index')
  })

  it('loads the first route’s strings without the catalog index, and the others through it, once', async () => {
    const indexLoaded = vi.fn()
    vi.doMock('./catalog-index', async (importOriginal) => {
      indexLoaded()
      return importOriginal()
    })
    const { i18n, loadNamespace } = await freshI18n()
    i18n.activate('en')
    await loadNamespace('environments', 'en')
    expect(i18n._('environments.list.loading')).toBe('Loading environments…')
    expect(indexLoaded).not.toHaveBeenCalled()

    await Promise.all([loadNamespace('sessions:files', 'en'), loadNamespace('sessions:files', 'zh-CN')])
    expect(i18n._('sessions.files.loading')).toBe('Loading the session’s files and artifacts…')
    expect(indexLoaded).toHaveBeenCalledTimes(1)
  })

  it('tells which strings are still to be found through the catalog index', async () => {
    const { loadNamespace, needsCatalogIndex } = await freshI18n()
    expect(needsCatalogIndex('environments', 'en')).toBe(false)
    expect(needsCatalogIndex('sessions', 'en')).toBe(true)
    const loading = loadNamespace('sessions', 'en')
    // On its way: a second screen asking for it waits for the same download, not for the index.
    expect(needsCatalogIndex('sessions', 'en')).toBe(false)
    await loading
    expect(needsCatalogIndex('sessions', 'en')).toBe(false)
    expect(needsCatalogIndex('sessions', 'zh-CN')).toBe(true)
  })

  it('rejects a namespace no catalog holds, naming it', async () => {
    const { loadNamespace } = await freshI18n()
    await expect(loadNamespace('nowhere', 'en')).rejects.toThrow('No message catalog nowhere/en')
  })

  it('asks again after a failed download instead of keeping the failure', async () => {
    let attempts = 0
    vi.doMock('./catalog-index', async (importOriginal) => {
      attempts += 1
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return importOriginal()
    })
    const { i18n, loadNamespace } = await freshI18n()
    i18n.activate('en')
    // (Vitest wraps the factory's error in its own.)
    await expect(loadNamespace('sessions:files', 'en')).rejects.toThrow()
    expect(attempts).toBe(1)
    await loadNamespace('sessions:files', 'en')
    expect(i18n._('sessions.files.loading')).toBe('Loading the session’s files and artifacts…')
  })
})

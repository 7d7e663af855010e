import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { MEMORY, NS, VAULT } from '../seed/fixture-ids'
import { startControlPlane, type ControlPlaneHarness } from '../testing/control-plane-server'

type Schemas = components['schemas']

let cp: ControlPlaneHarness
let bob: string
beforeEach(async () => {
  cp = await startControlPlane()
  bob = await cp.login('bob')
})
afterEach(() => {
  cp.server.close()
  expect(cp.contractFailures).toEqual([])
})

describe('memory stores and vaults', () => {
  it('lists memory stores as a bare array with X-Total-Count', async () => {
    const response = await cp.call('/api/memory-stores', { token: bob })
    const stores = (await response.json()) as Schemas['MemoryStore'][]
    expect(stores.map((store) => store.id).sort()).toEqual(Object.values(MEMORY).sort())
    expect(response.headers.get('X-Total-Count')).toBe('3')

    const page = await cp.call('/api/memory-stores?limit=1&offset=1', { token: bob })
    expect(((await page.json()) as Schemas['MemoryStore'][]).map((store) => store.id)).toEqual([
      stores[1]?.id,
    ])
    expect(page.headers.get('X-Total-Count')).toBe('3')
  })

  it('lists vaults without secrets', async () => {
    const response = await cp.call('/api/vaults', { token: bob })
    const vaults = (await response.json()) as Schemas['Vault'][]
    expect(vaults.map((vault) => vault.id).sort()).toEqual(Object.values(VAULT).sort())
    expect(JSON.stringify(vaults)).not.toMatch(/secret"\s*:/i)
  })

  it('C22: vaults are labelled by displayName only; a memory store without a description has ""', async () => {
    const vaults = (await (await cp.call('/api/vaults', { token: bob })).json()) as Schemas['Vault'][]
    for (const vault of vaults) {
      expect(typeof vault.displayName).toBe('string')
      expect(vault).not.toHaveProperty('name')
    }
    const stores = (await (
      await cp.call('/api/memory-stores', { token: bob })
    ).json()) as Schemas['MemoryStore'][]
    expect(stores.find((store) => store.id === MEMORY.incidents)?.description).toBe('')
    expect(stores.every((store) => typeof store.description === 'string')).toBe(true)
  })

  it('applies the same paging rules as environments and scopes to the namespace', async () => {
    expect((await cp.call('/api/vaults?offset=1', { token: bob })).status).toBe(400)
    expect((await cp.call('/api/memory-stores?limit=501', { token: bob })).status).toBe(400)
    const alice = await cp.login('alice')
    const research = await cp.call('/api/memory-stores', { token: alice, namespace: NS.research })
    expect(await research.json()).toEqual([])
    expect(research.headers.get('X-Total-Count')).toBe('0')
  })
})

import { describe, expect, it } from 'vitest'
import { followsWorkerRecipe } from './worker-slug'

describe('followsWorkerRecipe', () => {
  it('knows the ids the run guide suggests for an environment, and no others', () => {
    expect(followsWorkerRecipe('build-workers-eu-1', 'Build Workers (EU)')).toBe(true)
    expect(followsWorkerRecipe('build-workers-eu-12', 'Build Workers (EU)')).toBe(true)
    // A pod of the Kubernetes recipe's Deployment.
    expect(followsWorkerRecipe('build-workers-eu-worker-7d9f8-abcde', 'Build Workers (EU)')).toBe(true)
    expect(followsWorkerRecipe('build-workers-eu', 'Build Workers (EU)')).toBe(false)
    expect(followsWorkerRecipe('build-workers-eu-test', 'Build Workers (EU)')).toBe(false)
    expect(followsWorkerRecipe('worker-a', 'Build Workers (EU)')).toBe(false)
    expect(followsWorkerRecipe('lab-gpu-box-1', 'build-workers')).toBe(false)
  })
})

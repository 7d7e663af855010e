import { describe, expect, it } from 'vitest'
import { workerRunGuide, workerSlug } from './worker-run-guide'

const guide = workerRunGuide({
  baseUrl: 'https://gw.example.com',
  environmentId: 'env_abc',
  environmentName: 'Build Workers (EU)',
})

describe('workerRunGuide', () => {
  it('fills in the environment and Gateway but never a key', () => {
    expect(guide.setup).toContain(`export BASE_URL='https://gw.example.com'`)
    expect(guide.setup).toContain(`export ENVIRONMENT_ID='env_abc'`)
    expect(guide.setup).toContain('read -rs')
    for (const recipe of Object.values(guide)) expect(recipe).not.toMatch(/ek_/)
  })

  it('runs docker with the scheduler image, a distinct worker id and a hands volume', () => {
    expect(guide.docker).toContain('"$SCHEDULER_IMAGE"')
    expect(guide.docker).toContain(
      '-e BASE_URL -e ENVIRONMENT_ID -e ENVIRONMENT_KEY -e WORKER_ID=build-workers-eu-1',
    )
    expect(guide.docker).toContain('-v agentscope-hands-build-workers-eu-1:/hands')
    expect(guide.docker).toContain('io.agentscope.builder.worker.HandsWorkerMain')
  })

  it('takes the key from a Secret and the worker id from the pod name on Kubernetes', () => {
    expect(guide.kubernetes).toContain('secret: { secretName: build-workers-eu-worker-key }')
    // The key is in the argument file the Secret holds, never in the container's args.
    expect(guide.kubernetes).not.toContain('$(ENVIRONMENT_KEY)')
    expect(guide.kubernetes).toContain('fieldRef: { fieldPath: metadata.name }')
    expect(guide.kubernetes).toContain('value: "env_abc"')
  })

  it('offers the demo and Java processes with the same flags, and warns about bubblewrap networking', () => {
    for (const recipe of [guide.npmProcess, guide.javaProcess, guide.bubblewrap]) {
      for (const flag of ['--base-url', '--environment-id', '--worker-id', '--hands-root'])
        expect(recipe).toContain(flag)
    }
    // The Java worker takes its key as a flag only; the console's own worker reads ENVIRONMENT_KEY.
    expect(guide.javaProcess).toContain('--environment-key "$ENVIRONMENT_KEY"')
    expect(guide.npmProcess).not.toContain('--environment-key')
    expect(guide.npmProcess).not.toContain('ENVIRONMENT_KEY=')
    expect(guide.npmProcess).toContain('npm run worker --')
    expect(guide.bubblewrap).toContain('shares the host network namespace: this is NOT a network sandbox')
    expect(guide.bubblewrap).not.toContain('--unshare-net')
  })
})

describe('workerSlug', () => {
  it('makes a DNS label and never an empty one', () => {
    expect(workerSlug('  Édge_Runner!! ')).toBe('dge-runner')
    expect(workerSlug('///')).toBe('environment')
  })
})

import type { components } from '@/api/schema.gen'

export type Environment = components['schemas']['Environment']
export type EnvironmentType = components['schemas']['EnvironmentType']

/** What each type means for an operator: who runs the tools, whether there is a shell. */
export const environmentTypeInfo: Record<
  EnvironmentType,
  { label: string; executor: string; hasShell: boolean; summary: string }
> = {
  self_hosted: {
    label: 'Self-hosted',
    executor: 'Your worker',
    hasShell: true,
    summary: 'A worker you run claims tool calls with a one-time key; model calls stay in the service.',
  },
  sandbox: {
    label: 'Sandbox (E2B)',
    executor: 'E2B sandbox',
    hasShell: true,
    summary: 'Tools run in an E2B cloud sandbox; needs E2B credentials in the deployment or the config.',
  },
  local: {
    label: 'Local',
    executor: 'Dataplane',
    hasShell: true,
    summary: 'Tools run inside the dataplane container; an administrator must allow it.',
  },
  remote: {
    label: 'Remote files',
    executor: 'Shared filesystem',
    hasShell: false,
    summary: 'Files on a shared store, with no shell: command tools fail here.',
  },
}

export function isEnvironmentType(value: string): value is EnvironmentType {
  return Object.hasOwn(environmentTypeInfo, value)
}

import type { components } from '@/api/schema.gen'
import type { MockBackend } from '../lib/backend'
import type { AgentRecord, EnvironmentRecord, UserRecord, WorkItemRecord } from '../db/types'
import { sha256Hex } from '../lib/ids'
import { AGENT, ENV, MEMORY, NS, SESSION, TENANT, USERS, VAULT, WORKERS } from './fixture-ids'

type Schemas = components['schemas']
type AgentDefinition = Schemas['AgentDefinition']
/** The writable part of a definition (what a PATCH sends), without version bookkeeping. */
type DefinitionFields = Pick<
  AgentDefinition,
  | 'name'
  | 'description'
  | 'system'
  | 'model'
  | 'maxIters'
  | 'workspaceId'
  | 'workspacePath'
  | 'tools'
  | 'mcpServers'
  | 'skills'
  | 'multiagent'
  | 'defaultEnvironmentId'
  | 'defaultMemoryStoreIds'
  | 'defaultVaultIds'
>

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Newer servers record shared-namespace resources under an owner partition rather than a user. */
function partition(namespace: string): string {
  return `namespace:${TENANT}:${namespace}`
}

/** An archived agent with a definition, so `includeArchived`/`status=archived` have something to show. */
export const ARCHIVED_AGENT_ID = '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f06'

function seedUsers(backend: MockBackend): void {
  const users: UserRecord[] = [
    { ...USERS.admin, password: 'admin', roles: ['admin'], namespaces: [NS.team, NS.research] },
    { ...USERS.alice, password: 'alice', roles: ['developer'], namespaces: [NS.team, NS.research] },
    { ...USERS.bob, password: 'bob', roles: ['viewer'], namespaces: [NS.team] },
  ]
  for (const user of users) backend.db.users.set(user.userId, user)
}

function seedNamespaces(backend: MockBackend): void {
  backend.db.namespaces = [
    {
      tenant: TENANT,
      name: NS.team,
      displayName: 'Team default',
      kind: 'shared',
      owner: USERS.admin.userId,
      members: {
        [USERS.admin.userId]: ['admin'],
        [USERS.alice.userId]: ['developer'],
        [USERS.bob.userId]: ['viewer'],
      },
      memberCount: 3,
      archived: false,
      accessVersion: 7,
      groups: [],
    },
    {
      tenant: TENANT,
      name: NS.research,
      displayName: 'Research',
      kind: 'shared',
      owner: USERS.admin.userId,
      members: { [USERS.admin.userId]: ['admin'], [USERS.alice.userId]: ['developer'] },
      memberCount: 2,
      archived: false,
      accessVersion: 2,
      groups: [],
    },
  ]
}

/**
 * The key of a seeded environment. Seeded keys are never shown to anyone, but tests and the demo's
 * virtual workers need one: every seeded environment's key is derived from its id, and only its
 * hash is stored, like a key issued by create.
 */
export function seededEnvironmentKey(environmentId: string): string {
  return `ek_seed_${environmentId}`
}

type EnvironmentSeed = {
  id: string
  name: string
  type: Schemas['EnvironmentType']
  config: Schemas['EnvironmentConfig']
  namespace?: string
  ownerId?: string
  isRestricted?: boolean
  createdAgo: number
  updatedAgo: number
  archivedAgo?: number
}

async function seedEnvironments(backend: MockBackend): Promise<void> {
  const now = backend.clock.now()
  const seeds: EnvironmentSeed[] = [
    {
      id: ENV.buildWorkers,
      name: 'build-workers',
      type: 'self_hosted',
      config: { isolationScope: 'SESSION', memoryAccess: { [MEMORY.runbooks]: 'read_only' } },
      createdAgo: 24 * DAY,
      updatedAgo: 2 * DAY,
    },
    {
      id: ENV.labBox,
      name: 'lab-gpu-box',
      type: 'self_hosted',
      config: {},
      ownerId: USERS.alice.userId,
      createdAgo: 19 * DAY,
      updatedAgo: 6 * DAY,
    },
    {
      id: ENV.e2bPython,
      name: 'e2b-python',
      type: 'sandbox',
      config: {
        templateId: 'python-data-3-12',
        workspaceRoot: '/home/user/analysis',
        sandboxTimeoutSeconds: 600,
        persistenceMode: 'TAR',
        // Demo value shaped like an E2B secret so the console's masking has something to hide.
        apiKey: 'e2b_live_7f3c9a1d54e84b0c9e2f6a8d1b3c5e7f',
        isolationScope: 'SESSION',
        memoryAccess: { [MEMORY.productDocs]: 'read_only' },
      },
      createdAgo: 21 * DAY,
      updatedAgo: 4 * DAY,
    },
    {
      id: ENV.e2bDefault,
      name: 'e2b-default',
      type: 'sandbox',
      config: {},
      createdAgo: 17 * DAY,
      updatedAgo: 17 * DAY,
    },
    {
      id: ENV.dataplaneLocal,
      name: 'dataplane-local',
      type: 'local',
      config: { isolationScope: 'USER' },
      ownerId: USERS.admin.userId,
      createdAgo: 28 * DAY,
      updatedAgo: 9 * DAY,
    },
    {
      id: ENV.sharedDocs,
      name: 'shared-docs',
      type: 'remote',
      config: {
        isolationScope: 'AGENT',
        memoryAccess: { [MEMORY.productDocs]: 'read_write', [MEMORY.runbooks]: 'read_only' },
      },
      createdAgo: 15 * DAY,
      updatedAgo: 1 * DAY,
    },
    {
      id: ENV.edgeRunner,
      name: 'edge-runner',
      type: 'self_hosted',
      // packages/network/exposedPorts are stored but not enforced upstream; runnerLabels is a key no
      // server knows, nested, so an edit that drops or reshapes it is easy to spot.
      config: {
        isolationScope: 'SESSION',
        packages: ['ripgrep', 'jq', 'python3.12'],
        network: { egress: 'allowlist', allowed_hosts: ['pypi.org', 'github.com'] },
        exposedPorts: [8080, 9229],
        runnerLabels: { region: 'eu-west-1', hardware: { arch: 'arm64', cpus: 8, gpu: null } },
      },
      isRestricted: true,
      createdAgo: 12 * DAY,
      updatedAgo: 3 * HOUR,
    },
    {
      id: ENV.oldRemote,
      name: 'old-remote-share',
      type: 'remote',
      config: { isolationScope: 'GLOBAL' },
      ownerId: USERS.alice.userId,
      createdAgo: 40 * DAY,
      updatedAgo: 10 * DAY,
      archivedAgo: 10 * DAY,
    },
    {
      id: ENV.researchSandbox,
      name: 'research-sandbox',
      type: 'sandbox',
      namespace: NS.research,
      config: {
        templateId: 'base',
        workspaceRoot: '/home/user',
        sandboxTimeoutSeconds: 300,
        persistenceMode: 'NATIVE_SNAPSHOT',
        isolationScope: 'AGENT',
      },
      createdAgo: 8 * DAY,
      updatedAgo: 5 * HOUR,
    },
  ]
  for (const seed of seeds) {
    const namespace = seed.namespace ?? NS.team
    const record: EnvironmentRecord = {
      namespace,
      isRestricted: seed.isRestricted ?? false,
      environment: {
        id: seed.id,
        name: seed.name,
        type: seed.type,
        config: seed.config,
        ownerId: seed.ownerId ?? partition(namespace),
        createdAt: now - seed.createdAgo,
        updatedAt: now - seed.updatedAgo,
        archivedAt: seed.archivedAgo === undefined ? null : now - seed.archivedAgo,
      },
      keyHash: await sha256Hex(seededEnvironmentKey(seed.id)),
      keyIssuedAt: now - seed.createdAgo,
    }
    backend.db.environments.set(seed.id, record)
  }
}

function seedWork(backend: MockBackend): void {
  const now = backend.clock.now()
  const items: WorkItemRecord[] = [
    {
      id: 'work_builddone0001',
      sessionId: SESSION.buildDone,
      environmentId: ENV.buildWorkers,
      ownerId: USERS.alice.userId,
      status: 'stopped',
      claimedBy: WORKERS.a,
      workDir: `/work/hands/${SESSION.buildDone}`,
      createdAt: now - 3 * DAY,
      updatedAt: now - 3 * DAY + 4 * MINUTE,
    },
    {
      // An earlier turn of the same session, handled by the other worker.
      id: 'work_builddone0000',
      sessionId: SESSION.buildDone,
      environmentId: ENV.buildWorkers,
      ownerId: USERS.alice.userId,
      status: 'stopped',
      claimedBy: WORKERS.b,
      workDir: `/work/hands/${SESSION.buildDone}`,
      createdAt: now - 3 * DAY - 40 * MINUTE,
      updatedAt: now - 3 * DAY - 31 * MINUTE,
    },
    {
      id: 'work_buildactive01',
      sessionId: SESSION.buildActive,
      environmentId: ENV.buildWorkers,
      ownerId: USERS.alice.userId,
      status: 'active',
      claimedBy: WORKERS.b,
      workDir: `/work/hands/${SESSION.buildActive}`,
      createdAt: now - 6 * MINUTE,
      updatedAt: now - 8 * SECOND,
      // worker-b's last heartbeat on this item; without fresh ones it goes stale after 60 s.
    },
    {
      // The lab worker finished this before it went offline; the next turn's item is still queued.
      id: 'work_labqueued0000',
      sessionId: SESSION.labQueued,
      environmentId: ENV.labBox,
      ownerId: USERS.alice.userId,
      status: 'stopped',
      claimedBy: WORKERS.lab,
      workDir: `/srv/hands/${SESSION.labQueued}`,
      createdAt: now - 2 * HOUR - 20 * MINUTE,
      updatedAt: now - 2 * HOUR - 2 * MINUTE,
    },
    {
      id: 'work_labqueued0001',
      sessionId: SESSION.labQueued,
      environmentId: ENV.labBox,
      ownerId: USERS.alice.userId,
      status: 'queued',
      claimedBy: null,
      workDir: null,
      createdAt: now - 25 * MINUTE,
      updatedAt: now - 25 * MINUTE,
    },
  ]
  for (const item of items) backend.db.workItems.set(item.id, item)

  // Only polls count here: worker-a is idle and polling; worker-b last polled when it claimed its
  // item and has been busy with it since, so its entry is old while the item is fresh.
  const workers = [
    { workerId: WORKERS.a, environmentId: ENV.buildWorkers, lastSeenAt: now - 5 * SECOND },
    { workerId: WORKERS.b, environmentId: ENV.buildWorkers, lastSeenAt: now - 6 * MINUTE + 2 * SECOND },
    { workerId: WORKERS.lab, environmentId: ENV.labBox, lastSeenAt: now - 2 * HOUR },
  ]
  for (const worker of workers) {
    backend.db.workerHeartbeats.set(worker.workerId, worker.lastSeenAt)
    backend.db.workerEnvironments.set(worker.workerId, {
      environmentId: worker.environmentId,
      lastSeenAt: worker.lastSeenAt,
    })
  }
}

function seedCatalog(backend: MockBackend): void {
  const now = backend.clock.now()
  const owner = partition(NS.team)
  const stores = [
    {
      id: MEMORY.runbooks,
      name: 'runbooks',
      description: 'Release and on-call runbooks, one document per procedure.',
      age: 30 * DAY,
      touched: 2 * DAY,
    },
    {
      id: MEMORY.productDocs,
      name: 'product-docs',
      description: 'Published product documentation (en + zh).',
      age: 26 * DAY,
      touched: 6 * HOUR,
    },
    {
      id: MEMORY.incidents,
      name: 'incident-postmortems',
      description: '',
      age: 14 * DAY,
      touched: 5 * DAY,
    },
  ]
  for (const store of stores) {
    backend.db.memoryStores.set(store.id, {
      namespace: NS.team,
      isRestricted: false,
      store: {
        id: store.id,
        name: store.name,
        description: store.description,
        ownerId: owner,
        createdAt: now - store.age,
        updatedAt: now - store.touched,
        archivedAt: null,
      },
    })
  }
  const vaults = [
    {
      id: VAULT.ci,
      name: 'ci',
      displayName: 'CI secrets',
      description: 'Registry and signing credentials for release builds.',
      secretCount: 6,
      age: 30 * DAY,
      touched: 3 * DAY,
    },
    {
      id: VAULT.cloud,
      name: 'cloud-deploy',
      displayName: 'Cloud deploy',
      description: 'Deploy-only cloud credentials.',
      secretCount: 3,
      age: 20 * DAY,
      touched: 20 * DAY,
    },
  ]
  for (const vault of vaults) {
    backend.db.vaults.set(vault.id, {
      namespace: NS.team,
      isRestricted: false,
      vault: {
        id: vault.id,
        displayName: vault.displayName,
        description: vault.description,
        ownerId: owner,
        metadata: { secretCount: vault.secretCount, provider: 'builtin' },
        createdAt: now - vault.age,
        updatedAt: now - vault.touched,
        archivedAt: null,
      },
    })
  }
}

/**
 * Tools in the shape upstream's console writes and the dataplane reads (`AgentSpecTypes.AgentToolset`):
 * one built-in `agent_toolset` with a default and per-tool overrides, and an `mcp_toolset` per MCP
 * server by `mcpServerName`.
 */
const builtInToolset = (configs: Record<string, unknown>[]) => ({
  type: 'agent_toolset',
  defaultConfig: { enabled: true, permissionPolicy: { type: 'always_allow' } },
  configs,
})
const mcpToolset = (mcpServerName: string) => ({
  type: 'mcp_toolset',
  mcpServerName,
  defaultConfig: { enabled: true, permissionPolicy: { type: 'always_ask' } },
})
const selfHostedToolNames = [
  'execute',
  'read_file',
  'write_file',
  'edit_file',
  'grep_files',
  'glob_files',
  'list_files',
]
const selfHostedTools = [builtInToolset(selfHostedToolNames.map((name) => ({ name, enabled: true })))]

type AgentSeed = {
  id: string
  namespace?: string
  agentKey: string
  createdAgo: number
  archivedAgo?: number
  /** Oldest first; each step is a full writable definition and who saved it when. */
  history: { ago: number; by: string; definition: DefinitionFields }[]
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * A catalog agent (ISO times, `displayName`, no default environment) over its managed
 * definition and that definition's immutable version snapshots, newest first.
 */
function buildAgent(backend: MockBackend, seed: AgentSeed): AgentRecord {
  const now = backend.clock.now()
  const namespace = seed.namespace ?? NS.team
  const createdAt = now - seed.createdAgo
  const ownerRef = seed.history[0]?.by ?? USERS.admin.userId
  const archivedAt = seed.archivedAgo === undefined ? null : now - seed.archivedAgo
  const definitionAt = (index: number): AgentDefinition => {
    const step = seed.history[index]
    if (!step) throw new Error(`agent ${seed.id} has no definition step ${index}`)
    // Cloned so versions never share arrays with each other or with the live definition.
    return structuredClone({
      id: seed.id,
      scope: 'user',
      ownerId: ownerRef,
      ...step.definition,
      version: index + 1,
      createdAt,
      updatedAt: now - step.ago,
      updatedBy: step.by,
      archivedAt,
    })
  }
  const versions = seed.history.map((step, index) => ({
    version: index + 1,
    snapshot: definitionAt(index),
    createdAt: now - step.ago,
  }))
  const current = versions.at(-1)
  if (!current) throw new Error(`agent ${seed.id} needs at least one definition version`)
  const definition = structuredClone(current.snapshot)
  return {
    namespace,
    isRestricted: false,
    agent: {
      id: seed.id,
      agentKey: seed.agentKey,
      displayName: definition.name,
      description: definition.description ?? '',
      ownerType: 'user',
      ownerRef,
      status: seed.archivedAgo === undefined ? 'active' : 'archived',
      tenant: TENANT,
      namespace,
      version: 1,
      createdAt: iso(createdAt),
      updatedAt: iso(current.createdAt),
      archivedAt: archivedAt === null ? null : iso(archivedAt),
    },
    definition,
    versions: versions.reverse(),
  }
}

function seedAgents(backend: MockBackend): void {
  const releaseBase: DefinitionFields = {
    name: 'release-helper',
    description:
      'Cuts release branches, runs the build scripts on our build workers and drafts release notes.',
    system:
      'You are the release assistant for the platform team. Work in the checked-out repository, run the ' +
      'build and test scripts before changing anything, never push tags yourself, and summarise every ' +
      'release in CHANGELOG.md style.',
    model: 'qwen-max',
    maxIters: 20,
    workspaceId: 'ws_platformrepo01',
    workspacePath: '/repos/platform',
    tools: [...selfHostedTools, mcpToolset('github')],
    mcpServers: [
      { name: 'github', transport: 'streamable-http', url: 'https://mcp.acme.dev/github', enabled: true },
    ],
    skills: [
      {
        name: 'semver-bump',
        version: '1.2.0',
        description: 'Bumps the version in package.json and CHANGELOG.md by semver rules.',
        files: {
          'scripts/bump.sh':
            '#!/bin/sh\n# usage: scripts/bump.sh major|minor|patch\nset -eu\nnpm version "$1" --no-git-tag-version\n',
        },
      },
    ],
    multiagent: null,
    defaultEnvironmentId: null,
    defaultMemoryStoreIds: [],
    defaultVaultIds: [],
  }
  const seeds: AgentSeed[] = [
    {
      id: AGENT.releaseHelper,
      agentKey: 'release-helper',
      createdAgo: 20 * DAY,
      history: [
        { ago: 20 * DAY, by: USERS.alice.userId, definition: releaseBase },
        {
          ago: 12 * DAY,
          by: USERS.alice.userId,
          definition: { ...releaseBase, defaultEnvironmentId: ENV.buildWorkers },
        },
        {
          ago: 2 * DAY,
          by: USERS.admin.userId,
          definition: {
            ...releaseBase,
            maxIters: 30,
            defaultEnvironmentId: ENV.buildWorkers,
            defaultMemoryStoreIds: [MEMORY.runbooks],
            defaultVaultIds: [VAULT.ci],
          },
        },
      ],
    },
    {
      id: AGENT.docsWriter,
      agentKey: 'docs-writer',
      createdAgo: 15 * DAY,
      history: [
        {
          ago: 15 * DAY,
          by: USERS.alice.userId,
          definition: {
            name: 'docs-writer',
            description: 'Keeps the product documentation in shared-docs up to date.',
            system: 'You maintain the product documentation. Ask before overwriting a published page.',
            model: 'qwen-plus',
            maxIters: 15,
            workspaceId: null,
            workspacePath: null,
            // remote environments have files but no shell, so `execute` stays off.
            tools: [
              builtInToolset([
                { name: 'read_file', enabled: true },
                { name: 'write_file', enabled: true, permissionPolicy: { type: 'always_ask' } },
                { name: 'edit_file', enabled: true, permissionPolicy: { type: 'always_ask' } },
                { name: 'list_files', enabled: true },
                { name: 'execute', enabled: false },
              ]),
            ],
            mcpServers: [],
            skills: [
              {
                name: 'style-guide',
                version: '2024.11',
                description: 'House style for product documentation: headings, tone, terminology.',
              },
            ],
            multiagent: null,
            defaultEnvironmentId: ENV.sharedDocs,
            defaultMemoryStoreIds: [MEMORY.productDocs],
            defaultVaultIds: [],
          },
        },
      ],
    },
    {
      id: AGENT.dataAnalyst,
      agentKey: 'data-analyst',
      createdAgo: 21 * DAY,
      history: [
        {
          ago: 21 * DAY,
          by: USERS.admin.userId,
          definition: {
            name: 'data-analyst',
            description: 'Answers questions about product metrics with pandas in an E2B sandbox.',
            system: 'You are a careful data analyst. Show the code you ran and state your assumptions.',
            model: 'qwen-max',
            maxIters: 40,
            workspaceId: null,
            workspacePath: null,
            tools: [...selfHostedTools, mcpToolset('warehouse')],
            mcpServers: [
              { name: 'warehouse', transport: 'sse', url: 'https://mcp.acme.dev/warehouse', enabled: true },
            ],
            skills: [],
            multiagent: null,
            defaultEnvironmentId: ENV.e2bPython,
            defaultMemoryStoreIds: [],
            defaultVaultIds: [VAULT.cloud],
          },
        },
      ],
    },
    {
      id: AGENT.triageBot,
      agentKey: 'triage-bot',
      createdAgo: 9 * DAY,
      history: [
        {
          ago: 9 * DAY,
          by: USERS.alice.userId,
          definition: {
            name: 'triage-bot',
            description: 'Labels incoming issues and links related incidents.',
            system: 'Triage new issues: label them, find duplicates, link incident postmortems.',
            model: 'qwen-turbo',
            maxIters: 10,
            workspaceId: null,
            workspacePath: null,
            tools: [mcpToolset('jira')],
            mcpServers: [
              { name: 'jira', transport: 'streamable-http', url: 'https://mcp.acme.dev/jira', enabled: true },
            ],
            skills: [],
            multiagent: null,
            defaultEnvironmentId: null,
            defaultMemoryStoreIds: [MEMORY.incidents],
            defaultVaultIds: [],
          },
        },
      ],
    },
    {
      id: AGENT.researchScout,
      namespace: NS.research,
      agentKey: 'research-scout',
      createdAgo: 7 * DAY,
      history: [
        {
          ago: 7 * DAY,
          by: USERS.admin.userId,
          definition: {
            name: 'research-scout',
            description: 'Reproduces paper results in a sandbox.',
            system: 'Reproduce the experiment described by the user and report deviations.',
            model: 'qwen-max',
            maxIters: 50,
            workspaceId: null,
            workspacePath: null,
            tools: selfHostedTools,
            mcpServers: [],
            skills: [],
            multiagent: null,
            defaultEnvironmentId: ENV.researchSandbox,
            defaultMemoryStoreIds: [],
            defaultVaultIds: [],
          },
        },
      ],
    },
    {
      id: ARCHIVED_AGENT_ID,
      agentKey: 'legacy-deployer',
      createdAgo: 45 * DAY,
      archivedAgo: 10 * DAY,
      history: [
        {
          ago: 45 * DAY,
          by: USERS.admin.userId,
          definition: {
            name: 'legacy-deployer',
            description: 'Replaced by release-helper.',
            system: 'Deploy the given build.',
            model: 'qwen-plus',
            maxIters: 20,
            workspaceId: null,
            workspacePath: null,
            tools: [builtInToolset([{ name: 'read_file', enabled: true }])],
            mcpServers: [],
            skills: [],
            multiagent: null,
            defaultEnvironmentId: ENV.oldRemote,
            defaultMemoryStoreIds: [],
            defaultVaultIds: [],
          },
        },
      ],
    },
  ]
  for (const seed of seeds) backend.db.agents.set(seed.id, buildAgent(backend, seed))
}

/** Users, namespaces, environments (every type), work queue, workers, agents, memory stores, vaults. */
export async function seedControlPlane(backend: MockBackend): Promise<void> {
  seedUsers(backend)
  seedNamespaces(backend)
  await seedEnvironments(backend)
  seedWork(backend)
  seedCatalog(backend)
  seedAgents(backend)
}

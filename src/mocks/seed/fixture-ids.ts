/**
 * Stable ids of the seeded demo world, shared by the control-plane and session seeds, the tests
 * and the e2e journeys. They are shaped like the server's ids.
 */
export const TENANT = 'acme'

export const NS = {
  team: 'default',
  research: 'research',
} as const

export const USERS = {
  admin: { userId: 'usr_admin', username: 'admin' },
  alice: { userId: 'usr_alice', username: 'alice' },
  bob: { userId: 'usr_bob', username: 'bob' },
} as const

export const ENV = {
  /** self_hosted, two workers online (worker-a, worker-b). */
  buildWorkers: 'env_buildworkers01',
  /** self_hosted, its only worker went offline two hours ago; one item queued. */
  labBox: 'env_labgpubox0001',
  /** sandbox with a full E2B config including a per-environment apiKey. */
  e2bPython: 'env_e2bpython0001',
  /** sandbox with no credentials at all (the deployment has no E2B key either). */
  e2bDefault: 'env_e2bdefault001',
  /** local: runs inside the dataplane. */
  dataplaneLocal: 'env_dataplanelocal',
  /** remote: shared files, no shell. */
  sharedDocs: 'env_shareddocs001',
  /** self_hosted, restricted (viewers cannot see it), config with keys the server does not enforce. */
  edgeRunner: 'env_edgerunner0001',
  /** remote, archived. */
  oldRemote: 'env_oldremote0001',
  /** sandbox in the research namespace. */
  researchSandbox: 'env_researchsbx01',
} as const

export const WORKERS = {
  a: 'worker-a',
  b: 'worker-b',
  lab: 'worker-lab-1',
} as const

export const AGENT = {
  releaseHelper: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01',
  docsWriter: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f02',
  dataAnalyst: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f03',
  triageBot: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f04',
  researchScout: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f05',
} as const

export const MEMORY = {
  runbooks: 'mem_runbooks00001',
  productDocs: 'mem_productdocs01',
  incidents: 'mem_incidents0001',
} as const

export const VAULT = {
  ci: 'vlt_ci00000000001',
  cloud: 'vlt_cloud00000001',
} as const

export const SESSION = {
  /** release-helper on build-workers: completed self-hosted history, work item stopped. */
  buildDone: 'sess_builddone0001',
  /** release-helper on build-workers: suspended on a tool call, work item active (worker-b). */
  buildActive: 'sess_buildactive01',
  /** release-helper explicitly on lab-gpu-box: turn waiting, work item queued, no worker online. */
  labQueued: 'sess_labqueued0001',
  /** data-analyst on e2b-python with ≥ 5,000 events. */
  largeHistory: 'sess_largehistory1',
  /** docs-writer waiting on a confirmation (required action). */
  needsApproval: 'sess_needsapprove1',
} as const

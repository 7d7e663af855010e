/**
 * A DNS-1123 label from an environment's name: usable as container, volume and Kubernetes name,
 * and the stem of the worker ids the run guide suggests (`<slug>-1`, pods `<slug>-worker-…`).
 */
export function workerSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '')
  return slug || 'environment'
}

/**
 * Whether a worker id follows the run guide's recipe for the environment so named: `<slug>-N`
 * (process, Docker, bubblewrap) or `<slug>-worker-…` (a Kubernetes pod of its Deployment).
 */
export function followsWorkerRecipe(workerId: string, environmentName: string): boolean {
  const slug = workerSlug(environmentName)
  return workerId.startsWith(`${slug}-`) && /^(\d+|worker-[a-z0-9-]+)$/.test(workerId.slice(slug.length + 1))
}

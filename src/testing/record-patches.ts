import type { renderApp } from './render-app'

type App = Awaited<ReturnType<typeof renderApp>>

/** The JSON bodies of every PATCH of an agent definition, as the server received them. */
export function recordDefinitionPatches(app: App): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = []
  app.server.events.on('request:start', ({ request }) => {
    if (request.method === 'PATCH' && new URL(request.url).pathname.endsWith('/definition')) {
      void request
        .clone()
        .json()
        .then((body: Record<string, unknown>) => bodies.push(body))
    }
  })
  return bodies
}

import { HOST, portFromEnv } from '../scripts/ports.ts'

/** `vite preview` serving the built console (dist/), which answers from its bundled mock. */
export const consolePort = portFromEnv('E2E_PORT', 4317)
/** The same mock as a real HTTP server, for journeys that run the console in real-API mode. */
export const mockServerPort = portFromEnv('E2E_MOCK_PORT', 4318)

/** `vite` dev, as `npm run dev` serves the console from its sources (e2e/dev-server/). */
export const devServerPort = portFromEnv('E2E_DEV_PORT', 4319)

export const consoleOrigin = `http://${HOST}:${consolePort}`
export const mockServerOrigin = `http://${HOST}:${mockServerPort}`
export const devServerOrigin = `http://${HOST}:${devServerPort}`

import { createOpenApiHttp } from 'openapi-msw'
import type { paths } from '@/api/schema.gen'

/**
 * Handlers typed against the contract. The `*` base matches any origin, so the same handlers serve
 * the browser worker (page origin), msw/node (absolute test URLs) and the HTTP server on 127.0.0.1.
 */
export const http = createOpenApiHttp<paths>({ baseUrl: '*' })

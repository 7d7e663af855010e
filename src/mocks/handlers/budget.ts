import { http, type HttpHandler } from 'msw'
import type { MockBackend } from '../lib/backend'
import { isResponse } from '../lib/request-context'
import { json, readJsonBody, sessionApiError } from '../lib/responses'
import { budgetView, configureBudget, reconcileBudget } from '../lib/session-budget'
import { findSession, findSessionForChange } from './session-common'

/**
 * `GET/PUT {S}/budget` as AgentSessionBudgetController [b589d28e] answers them
 * (service-dataplane/…/web/api/AgentSessionBudgetController.java + managed/SessionBudgetService.java):
 * GET reconciles first, then reads the ledger; PUT replaces every limit (`{}` clears them) with no
 * revision or If-Match check, and answers what GET would. Untyped `http`: our contract does not
 * carry these routes (openapi-v1.json leaves `usage` and the PUT answer free-form).
 */
const PATH = '*/api/v1/agent-sessions/:session/budget'

export function createBudgetHandlers(backend: MockBackend): HttpHandler[] {
  return [
    http.get(PATH, ({ request, params }) => {
      const access = findSession(backend, request, String(params.session))
      if (isResponse(access)) return access
      reconcileBudget(backend, access.record)
      return json(budgetView(backend, access.record))
    }),

    http.put(PATH, async ({ request, params }) => {
      const access = findSessionForChange(backend, request, String(params.session))
      if (isResponse(access)) return access
      const body = await readJsonBody(request)
      if (!body.ok) return sessionApiError(request, 400, 'invalid_request', 'Failed to read HTTP message')
      const configured = configureBudget(access.record, body.value)
      if (!configured.ok) return sessionApiError(request, 400, 'invalid_request', configured.message)
      return json(budgetView(backend, access.record))
    }),
  ]
}

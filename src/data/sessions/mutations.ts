import { decodeSession, decodeTurn } from './decode-session'
import { inputBody } from './input-body'
import { sessionKeys } from './keys'
import type { ActionAnswer, SessionCreate } from './types'
import { invalidateAll, useWrite, type WriteOptions, type WriteSpec } from '../write'
import { api } from '@/api/client'
import { createIdempotencyKey } from '@/lib/idempotency-key'
import { VERIFY_ENVIRONMENT_MESSAGE } from './environment-check'

/**
 * A write on a session's turns: it changes the turns list, which is read again after a failure
 * too, since a failure whose answer was lost may have been applied.
 */
function turnWrite<TData, TVariables>(
  sessionId: string,
  write: (variables: TVariables) => Promise<TData>,
): WriteSpec<TData, TVariables> {
  return {
    write,
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: sessionKeys.turns(sessionId) }),
    refreshAfter: 'settled',
  }
}

async function createSession(body: SessionCreate) {
  const { data } = await api().POST('/api/v1/agent-sessions', { body })
  return decodeSession(data)
}

/**
 * Creates a session. It carries no Idempotency-Key on purpose: the upstream create handler reads
 * none (api-notes C16), so a re-sent create makes a second session. Without the header
 * src/api/safe-retry.ts never re-sends it, and a failure whose answer was lost reaches the screen,
 * which asks the user to check the list before trying again.
 */
export function useCreateSession(
  options?: WriteOptions<Awaited<ReturnType<typeof createSession>>, SessionCreate>,
) {
  return useWrite(
    {
      write: createSession,
      // A failure may have created it too (a lost answer): the lists must show it either way.
      refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: sessionKeys.lists() }),
      refreshAfter: 'settled',
    },
    options,
  )
}

/** The turn body and the key of this submission; a retry of the same submission sends the same key. */
export type TurnSubmission = {
  message: string
  idempotencyKey: string
  /** Files to attach by id (content parts of type `file`). */
  fileIds?: readonly string[]
}

async function submitTurn(sessionId: string, { message, idempotencyKey, fileIds }: TurnSubmission) {
  const { data } = await api().POST('/api/v1/agent-sessions/{session}/turns', {
    params: { path: { session: sessionId }, header: { 'Idempotency-Key': idempotencyKey } },
    body: inputBody({ text: message, ...(fileIds ? { fileIds } : {}) }),
  })
  return decodeTurn(data, 'turn', sessionId)
}

type TurnAnswer = Awaited<ReturnType<typeof submitTurn>>

export function useSubmitTurn(sessionId: string, options?: WriteOptions<TurnAnswer, TurnSubmission>) {
  return useWrite(
    turnWrite(sessionId, (submission: TurnSubmission) => submitTurn(sessionId, submission)),
    options,
  )
}

export async function commandTurn(sessionId: string, command: 'cancel' | 'resume', turnId: string) {
  const path = { session: sessionId, turn: turnId }
  const header = { 'Idempotency-Key': createIdempotencyKey(command) }
  const { data } =
    command === 'cancel'
      ? await api().POST('/api/v1/agent-sessions/{session}/turns/{turn}/cancel', {
          params: { path, header },
        })
      : await api().POST('/api/v1/agent-sessions/{session}/turns/{turn}/resume', {
          params: { path, header },
        })
  return decodeTurn(data, 'turn', sessionId)
}

export function useTurnCommand(
  sessionId: string,
  command: 'cancel' | 'resume',
  options?: WriteOptions<TurnAnswer, string>,
) {
  return useWrite(
    turnWrite(sessionId, (turnId: string) => commandTurn(sessionId, command, turnId)),
    options,
  )
}

type ActionsAnswer = { turnId: string; answers: ActionAnswer[]; idempotencyKey: string }

async function answerActions(sessionId: string, input: ActionsAnswer) {
  const { data } = await api().POST('/api/v1/agent-sessions/{session}/turns/{turn}/actions', {
    params: {
      path: { session: sessionId, turn: input.turnId },
      header: { 'Idempotency-Key': input.idempotencyKey },
    },
    body: { answers: input.answers },
  })
  return decodeTurn(data, 'turn', sessionId)
}

export function useAnswerActions(sessionId: string, options?: WriteOptions<TurnAnswer, ActionsAnswer>) {
  return useWrite(
    turnWrite(sessionId, (input: ActionsAnswer) => answerActions(sessionId, input)),
    options,
  )
}

async function changeSessionEnvironment(sessionId: string, environmentId: string) {
  const { data } = await api().PATCH('/api/v1/agent-sessions/{session}', {
    params: { path: { session: sessionId } },
    body: { environmentId },
  })
  return decodeSession(data)
}

type SessionAnswer = Awaited<ReturnType<typeof changeSessionEnvironment>>

export function useChangeSessionEnvironment(
  sessionId: string,
  options?: WriteOptions<SessionAnswer, string>,
) {
  return useWrite(
    {
      write: (environmentId: string) => changeSessionEnvironment(sessionId, environmentId),
      refresh: (queryClient) =>
        invalidateAll(queryClient, [sessionKeys.detail(sessionId), sessionKeys.lists()]),
    },
    options,
  )
}

export type SessionLifecycleAction = 'archive' | 'restore' | 'delete'
type LifecycleRequest = { sessionId: string; action: SessionLifecycleAction }

async function changeSessionLifecycle({ sessionId, action }: LifecycleRequest) {
  const path = { session: sessionId }
  if (action === 'delete') {
    await api().DELETE('/api/v1/agent-sessions/{session}', { params: { path } })
    return null
  }
  const { data } =
    action === 'archive'
      ? await api().POST('/api/v1/agent-sessions/{session}/archive', { params: { path } })
      : await api().POST('/api/v1/agent-sessions/{session}/restore', { params: { path } })
  return decodeSession(data)
}

export function useSessionLifecycle(options?: WriteOptions<SessionAnswer | null, LifecycleRequest>) {
  return useWrite(
    {
      write: changeSessionLifecycle,
      refresh: (queryClient, { sessionId, action }) => {
        // A deleted session is not read again; an archived or restored one shows its new state.
        if (action !== 'delete')
          return invalidateAll(queryClient, [sessionKeys.detail(sessionId), sessionKeys.lists()])
        queryClient.removeQueries({ queryKey: sessionKeys.detail(sessionId) })
        return invalidateAll(queryClient, [sessionKeys.lists()])
      },
    },
    options,
  )
}

/** Where to run the check: the agent, and an environment the operator picked (else the agent's default). */
export type EnvironmentCheckRequest = { agentId: string; environmentId: string | null }

/** The new session, and the check turn, or why it was not sent (the session exists either way). */
export type EnvironmentCheckStart = {
  session: Awaited<ReturnType<typeof createSession>>
  turn: TurnAnswer | null
  turnError: unknown
}

async function startEnvironmentCheck({
  agentId,
  environmentId,
}: EnvironmentCheckRequest): Promise<EnvironmentCheckStart> {
  // The same two writes the create dialog and the composer's "Verify this environment" make: a new
  // session pins the latest definition (an existing one keeps the version it started with).
  const session = await createSession({ agent: agentId, ...(environmentId ? { environmentId } : {}) })
  try {
    const turn = await submitTurn(session.id, {
      message: VERIFY_ENVIRONMENT_MESSAGE,
      idempotencyKey: createIdempotencyKey('turn'),
    })
    return { session, turn, turnError: null }
  } catch (error) {
    return { session, turn: null, turnError: error }
  }
}

/**
 * Creates a session for an agent and sends it the environment check, so a definition change is
 * verified where it applies. Not re-sent on failure: a lost create answer may have made the session.
 */
export function useEnvironmentCheckInNewSession(
  options?: WriteOptions<EnvironmentCheckStart, EnvironmentCheckRequest>,
) {
  return useWrite(
    {
      write: startEnvironmentCheck,
      refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: sessionKeys.lists() }),
      refreshAfter: 'settled',
    },
    options,
  )
}

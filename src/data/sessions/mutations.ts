import { useMutation, useQueryClient } from '@tanstack/react-query'
import { decodeSession, decodeTurn } from './decode-session'
import { sessionKeys } from './keys'
import type { ActionAnswer, SessionCreate } from './types'
import { api } from '@/api/client'
import { createIdempotencyKey } from '@/lib/idempotency-key'

/**
 * Creates a session. It carries no Idempotency-Key on purpose: the upstream create handler reads
 * none (api-notes C16), so a re-sent create makes a second session. Without the header
 * src/api/safe-retry.ts never re-sends it, and a failure whose answer was lost reaches the screen,
 * which asks the user to check the list before trying again.
 */
export function useCreateSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: SessionCreate) => {
      const { data } = await api().POST('/api/v1/agent-sessions', { body })
      return decodeSession(data)
    },
    // A failure may have created it too (a lost answer): the lists must show it either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.lists() }),
  })
}

/** The turn body and the key of this submission; a retry of the same submission sends the same key. */
export type TurnSubmission = { message: string; idempotencyKey: string }

export function useSubmitTurn(sessionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ message, idempotencyKey }: TurnSubmission) => {
      const { data } = await api().POST('/api/v1/agent-sessions/{session}/turns', {
        params: { path: { session: sessionId }, header: { 'Idempotency-Key': idempotencyKey } },
        body: { message },
      })
      return decodeTurn(data, 'turn', sessionId)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.turns(sessionId) }),
  })
}

export function useTurnCommand(sessionId: string, command: 'cancel' | 'resume') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (turnId: string) => {
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
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.turns(sessionId) }),
  })
}

export function useAnswerActions(sessionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { turnId: string; answers: ActionAnswer[]; idempotencyKey: string }) => {
      const { data } = await api().POST('/api/v1/agent-sessions/{session}/turns/{turn}/actions', {
        params: {
          path: { session: sessionId, turn: input.turnId },
          header: { 'Idempotency-Key': input.idempotencyKey },
        },
        body: { answers: input.answers },
      })
      return decodeTurn(data, 'turn', sessionId)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.turns(sessionId) }),
  })
}

export function useChangeSessionEnvironment(sessionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (environmentId: string) => {
      const { data } = await api().PATCH('/api/v1/agent-sessions/{session}', {
        params: { path: { session: sessionId } },
        body: { environmentId },
      })
      return decodeSession(data)
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId) })
      await queryClient.invalidateQueries({ queryKey: sessionKeys.lists() })
    },
  })
}

export type SessionLifecycleAction = 'archive' | 'restore' | 'delete'

export function useSessionLifecycle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ sessionId, action }: { sessionId: string; action: SessionLifecycleAction }) => {
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
    },
    onSuccess: async (_data, { sessionId, action }) => {
      if (action === 'delete') queryClient.removeQueries({ queryKey: sessionKeys.detail(sessionId) })
      else await queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId) })
      await queryClient.invalidateQueries({ queryKey: sessionKeys.lists() })
    },
  })
}

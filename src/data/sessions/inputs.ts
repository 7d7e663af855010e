import { whenOffered, type Offered } from './offered'
import { queryOptions } from '@tanstack/react-query'
import { decodeInputList, decodeInputReceipt, type InputEntry } from './decode-inputs'
import { inputBody, type InputParts } from './input-body'
import { sessionKeys } from './keys'
import { useWrite, type WriteOptions, type WriteSpec } from '../write'
import { api } from '@/api/client'

/**
 * The session's inputs: what was steered or injected and whether it was applied. A server that
 * does not serve these routes (the 2026-08 release answers 404 for all of them) is not an error:
 * the ledger says the server does not offer it.
 */
export type InputLedger = Offered<InputEntry>

export const inputsQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.inputs(sessionId),
    queryFn: ({ signal }): Promise<InputLedger> =>
      whenOffered(async () => {
        const { data } = await api().GET('/api/v1/agent-sessions/{session}/inputs', {
          params: { path: { session: sessionId } },
          signal,
        })
        return decodeInputList(data)
      }),
  })

/** One steer or inject: its parts and the key of this user action (a retry sends the same key). */
export type InputSubmission = InputParts & { idempotencyKey: string }
export type SteerSubmission = InputSubmission & { turnId: string }

/** Accepting an input changes the ledger; a lost answer may have been accepted too, so refresh either way. */
function inputWrite<TVariables>(
  sessionId: string,
  write: (variables: TVariables) => Promise<ReturnType<typeof decodeInputReceipt>>,
): WriteSpec<ReturnType<typeof decodeInputReceipt>, TVariables> {
  return {
    write,
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: sessionKeys.inputs(sessionId) }),
    refreshAfter: 'settled',
  }
}

async function steerTurn(sessionId: string, { turnId, idempotencyKey, ...parts }: SteerSubmission) {
  const { data } = await api().POST('/api/v1/agent-sessions/{session}/turns/{turn}/steer', {
    params: { path: { session: sessionId, turn: turnId }, header: { 'Idempotency-Key': idempotencyKey } },
    body: inputBody(parts),
  })
  return decodeInputReceipt(data)
}

async function injectInput(sessionId: string, { idempotencyKey, ...parts }: InputSubmission) {
  const { data } = await api().POST('/api/v1/agent-sessions/{session}/inputs/inject', {
    params: { path: { session: sessionId }, header: { 'Idempotency-Key': idempotencyKey } },
    body: inputBody(parts),
  })
  return decodeInputReceipt(data)
}

type Receipt = Awaited<ReturnType<typeof steerTurn>>

export function useSteerTurn(sessionId: string, options?: WriteOptions<Receipt, SteerSubmission>) {
  return useWrite(
    inputWrite(sessionId, (submission: SteerSubmission) => steerTurn(sessionId, submission)),
    options,
  )
}

export function useInjectInput(sessionId: string, options?: WriteOptions<Receipt, InputSubmission>) {
  return useWrite(
    inputWrite(sessionId, (submission: InputSubmission) => injectInput(sessionId, submission)),
    options,
  )
}

import { api } from '@/api/client'
import { expectObject } from '@/api/response-guards'
import { useSecretWrite } from '../write'

// Apart from queries.ts, which the first screen imports: only the sign-in page needs the write code.

/** A plain call rather than a mutation: the token must not sit in the react-query mutation cache. */
async function login(credentials: { username: string; password: string }) {
  const { data } = await api().POST('/api/auth/login', { body: credentials })
  return expectObject(data, 'sign-in', ['token', 'username'])
}

/** Sign-in through `useSecretWrite`: the answer (the token) goes to the caller only. */
export function useSignIn() {
  return useSecretWrite({ write: login })
}

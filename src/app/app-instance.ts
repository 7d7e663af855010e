import { createQueryClient } from './query-client'

// One query client for the running console; tests build their own.
export const queryClient = createQueryClient()

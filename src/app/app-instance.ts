import { createQueryClient } from './query-client'
import { createAppRouter } from './router'

// One query client and router for the running console; tests build their own.
export const queryClient = createQueryClient()
export const router = createAppRouter()

export const agentKeys = {
  all: ['agents'] as const,
  lists: () => [...agentKeys.all, 'list'] as const,
  definition: (id: string) => [...agentKeys.all, 'definition', id] as const,
}

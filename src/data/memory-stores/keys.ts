export const memoryStoreKeys = {
  all: ['memory-stores'] as const,
  list: () => [...memoryStoreKeys.all, 'list'] as const,
}

export const vaultKeys = {
  all: ['vaults'] as const,
  list: () => [...vaultKeys.all, 'list'] as const,
}

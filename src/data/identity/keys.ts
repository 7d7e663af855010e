export const identityKeys = {
  all: ['identity'] as const,
  me: () => [...identityKeys.all, 'me'] as const,
  scope: () => [...identityKeys.all, 'scope'] as const,
  namespaces: () => [...identityKeys.all, 'namespaces'] as const,
  resources: (namespace: string) => [...identityKeys.all, 'resources', namespace] as const,
}

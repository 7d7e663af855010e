/** An agent's tools in upstream's toolset shape (`AgentSpecTypes.AgentToolset`), for tests. */
export const UPSTREAM_TOOLS = [
  {
    type: 'agent_toolset',
    defaultConfig: { enabled: true, permissionPolicy: { type: 'always_ask' } },
    configs: [
      { name: 'write_file', enabled: false },
      { name: 'bash', enabled: true, permissionPolicy: { type: 'always_allow' } },
      { name: 'read_file' },
    ],
  },
  {
    type: 'mcp_toolset',
    mcpServerName: 'github',
    defaultConfig: { enabled: true, permissionPolicy: { type: 'deny' } },
  },
]

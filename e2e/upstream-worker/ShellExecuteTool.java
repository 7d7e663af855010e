package io.agentscope.harness.agent.tool;

/**
 * Stands in for the harness module's shell tool, of which the upstream worker's tool executor
 * reads only the tool name (upstream value "execute"). Compiled beside the upstream sources by
 * e2e/upstream-worker.ts; nothing else of that module is needed.
 */
public final class ShellExecuteTool {
    public static final String NAME = "execute";

    private ShellExecuteTool() {}
}

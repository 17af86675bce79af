/** The project's own request `_meta` field that carries the session id to its handlers (apify/apify-mcp-server's injectMcpSessionId). */
export interface TaskParams {
  _meta?: { mcpSessionId?: string; progressToken?: string | number };
  [key: string]: unknown;
}

export function injectMcpSessionId(params: TaskParams | undefined, sessionId: string): TaskParams {
  const result: TaskParams = params ?? {};
  result._meta ??= {};
  result._meta.mcpSessionId = sessionId;
  return result;
}

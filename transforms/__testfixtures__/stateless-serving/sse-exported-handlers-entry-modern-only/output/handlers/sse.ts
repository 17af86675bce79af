/**
 * The deprecated HTTP+SSE endpoint, the program's only MCP endpoint: two exported handlers that `../routes/mcp.ts`
 * mounts behind its API-key check. With --modern-only they go, and the stream route there becomes the 2026-07-28
 * entry (`createMcpHandler(createBookmarksServer)`), behind the same check.
 */

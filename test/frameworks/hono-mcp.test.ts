/** `@hono/mcp`: its StreamableHTTPTransport is read as the SDK's web-standard Streamable HTTP transport. */
import { describe, expect, it } from 'vitest';
import { findingsOf } from './support.js';

const SESSIONFUL = `import { Hono } from 'hono';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPTransport } from '@hono/mcp';
import { randomUUID } from 'node:crypto';

const app = new Hono();
const transports: Record<string, StreamableHTTPTransport> = {};

app.all('/mcp', async (c) => {
  const sessionId = c.req.header('mcp-session-id');
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    transport = new StreamableHTTPTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport!;
      },
    });
    transport.onclose = () => {
      if (transport!.sessionId) delete transports[transport!.sessionId];
    };
    const server = new McpServer({ name: 'notes', version: '1.0.0' });
    await server.connect(transport);
  }
  return transport.handleRequest(c);
});

export default app;
`;

describe('@hono/mcp', () => {
  it('a sessionful StreamableHTTPTransport and its session table are reported as the SDK transport would be', () => {
    const found = findingsOf(SESSIONFUL);
    expect(found.some((f) => f.includes('session-transport/'))).toBe(true);
    // The same server written with the SDK's own class is judged the same, finding for finding.
    const sdk = SESSIONFUL.replace(`import { StreamableHTTPTransport } from '@hono/mcp';`, `import { WebStandardStreamableHTTPServerTransport as StreamableHTTPTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';`);
    expect(found).toEqual(findingsOf(sdk));
  });

  it('a transport without sessionIdGenerator, connected once, is judged as the stateless SDK transport: no generator, no lifecycle', () => {
    const code = `import { Hono } from 'hono';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPTransport } from '@hono/mcp';

const app = new Hono();
const server = new McpServer({ name: 'notes', version: '1.0.0' });
const transport = new StreamableHTTPTransport();

app.all('/mcp', async (c) => {
  if (!server.isConnected()) await server.connect(transport);
  return transport.handleRequest(c);
});
`;
    const found = findingsOf(code);
    // app.all also answers GET (the standalone stream), as with the SDK's class; the transport mints no session id (the
    // option is optional), so the route hands every request to one shared transport (sweep 21 U1).
    expect(found).toEqual(['src/server.ts:9 session-transport/session-route allShared']);
    const sdk = code.replace(`import { StreamableHTTPTransport } from '@hono/mcp';`, `import { WebStandardStreamableHTTPServerTransport as StreamableHTTPTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';`);
    expect(found).toEqual(findingsOf(sdk));
  });

  it('a class of the same name from elsewhere is not the SDK transport: its options are not read', () => {
    const hono = findingsOf(SESSIONFUL);
    const other = findingsOf({
      'src/server.ts': SESSIONFUL.replace(`from '@hono/mcp'`, `from './my-transport.js'`),
      'src/my-transport.ts': 'export class StreamableHTTPTransport { constructor(_o?: unknown) {} sessionId?: string; onclose?: () => void; handleRequest(_c: unknown) { return new Response(); } }',
    });
    expect(hono.filter((f) => !other.includes(f))).toEqual([
      'src/server.ts:14 session-transport/session-id-generator sessionful',
      'src/server.ts:15 session-transport/session-lifecycle callback',
    ]);
  });
});

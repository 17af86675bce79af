import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-transport/event-store.js';

ruleTester(rule, {
  valid: [
    {
      name: 'stateless transport without an event store',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export const t = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });`,
    },
    {
      name: 'an eventStore property on an object that is not transport options',
      code: `export const queueConfig = { eventStore: new Map<string, string>(), retries: 3 };`,
    },
    {
      name: 'an EventStore implementation that is never wired into a transport',
      code: `import type { EventStore, EventId, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export class MemoryStore implements EventStore {
  async storeEvent(streamId: StreamId): Promise<EventId> {
    return streamId + ':1';
  }
  async replayEventsAfter(lastEventId: EventId): Promise<StreamId> {
    return lastEventId;
  }
}`,
    },
    {
      name: 'other headers (Last-Modified, If-None-Match)',
      code: `export function cacheHeaders(req: any) {
  return [req.headers['last-modified'], req.get('If-None-Match')];
}`,
    },
    {
      name: 'client code sending Last-Event-ID when reconnecting',
      code: `export function reconnect(url: string, lastEventId: string) {
  const headers = new Headers();
  headers.set('Last-Event-ID', lastEventId);
  return fetch(url, { headers });
}`,
    },
    {
      name: "the application's own SSE feed replaying from Last-Event-ID, beside an MCP server on stdio (sweep 34 AH1)",
      code: `import http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
const mcp = new McpServer({ name: 'ah1', version: '0.1.0' });
await mcp.connect(new StdioServerTransport());
const buffer: { id: number; line: string }[] = [];
http.createServer((req, res) => {
  if (req.url === '/__admin/events') {
    const lastEventId = parseInt(req.headers['last-event-id'] as string, 10);
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    for (const e of buffer) if (e.id > lastEventId) res.write(\`id: \${e.id}\\ndata: \${e.line}\\n\\n\`);
    return;
  }
  res.statusCode = 404;
  res.end();
}).listen(4000);`,
    },
    {
      name: "an app's event stream through a replay helper, in the handler that also serves the MCP transport on another branch",
      code: `import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
const log: string[] = [];
function replayFrom(res: express.Response, after: number) {
  log.slice(after).forEach((line, i) => res.write(\`id: \${after + i + 1}\\ndata: \${line}\\n\\n\`));
}
const app = express();
app.use(async (req, res) => {
  if (req.path === '/logs') {
    res.set('Content-Type', 'text/event-stream; charset=utf-8');
    replayFrom(res, Number(req.header('Last-Event-ID') ?? 0));
    return;
  }
  await transport.handleRequest(req, res, req.body);
});`,
    },
  ],
  invalid: [
    {
      name: 'a hand-written replay on the MCP endpoint whose buffered events are typed with an SDK type inside another type (review 42 S42-6)',
      code: `import express from 'express';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
const app = express();
const sent: Array<{ id: number; message: JSONRPCMessage }> = [];
app.get('/mcp', (req, res) => {
  const lastEventId = Number(req.header('last-event-id') ?? 0);
  res.setHeader('Content-Type', 'text/event-stream');
  for (const e of sent) {
    if (e.id > lastEventId) res.write(\`id: \${e.id}\\nevent: message\\ndata: \${JSON.stringify(e.message)}\\n\\n\`);
  }
});`,
      errors: [{ messageId: 'lastEventId', line: 6 }],
    },
    {
      name: 'v1 inline eventStore',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
export const t = new StreamableHTTPServerTransport({
  sessionIdGenerator: () => crypto.randomUUID(),
  eventStore: new InMemoryEventStore(),
});`,
      errors: [{ messageId: 'eventStore', line: 5 }],
    },
    {
      name: 'v2 options variable with a shorthand eventStore',
      code: `import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { RedisEventStore } from './redis-event-store.js';
const eventStore = new RedisEventStore();
const options = { sessionIdGenerator: undefined, eventStore };
export const t = new NodeStreamableHTTPServerTransport(options);`,
      errors: [{ messageId: 'eventStore', line: 4 }],
    },
    {
      name: 'Last-Event-ID header reads (express index and web-standard get)',
      code: `export function resumeFrom(req: any, request: Request) {
  const a = req.headers['last-event-id'];
  const b = request.headers.get('Last-Event-ID');
  return a ?? b;
}`,
      errors: [
        { messageId: 'lastEventId', line: 2 },
        { messageId: 'lastEventId', line: 3 },
      ],
    },
    {
      name: 'CommonJS aliased destructured require',
      filename: 'src/server.cjs',
      code: `const { StreamableHTTPServerTransport: Http } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const { InMemoryEventStore } = require('./event-store.cjs');
module.exports = new Http({
  sessionIdGenerator: () => 'id',
  eventStore: new InMemoryEventStore(),
});`,
      errors: [{ messageId: 'eventStore', line: 5 }],
    },
    {
      name: 'project-local re-export module (namespace of the re-export)',
      code: {
        'src/sdk.ts': "export * from '@modelcontextprotocol/server';",
        'src/http.ts': `import * as sdk from './sdk.js';
import { store } from './store.js';
export const t = new sdk.WebStandardStreamableHTTPServerTransport({
  sessionIdGenerator: () => crypto.randomUUID(),
  eventStore: store,
});`,
      },
      errors: [{ messageId: 'eventStore', line: 5, file: 'src/http.ts' }],
    },
    {
      name: 'express GET resuming a stream from Last-Event-ID',
      code: `import express from 'express';
const app = express();
app.get('/mcp', (req, res) => {
  const last = req.header('last-event-id');
  res.json({ resumeAfter: last ?? null });
});`,
      errors: [{ messageId: 'lastEventId', line: 4 }],
    },
    {
      name: 'a hand-written MCP GET stream replaying a session\'s JSON-RPC messages from Last-Event-ID',
      code: `import express from 'express';
const pending = new Map<string, unknown[]>();
const app = express();
app.get('/mcp', (req, res) => {
  const session = req.header('mcp-session-id') ?? '';
  const after = Number(req.header('last-event-id') ?? 0);
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  for (const message of (pending.get(session) ?? []).slice(after)) res.write(\`data: \${JSON.stringify(message)}\\n\\n\`);
});`,
      errors: [{ messageId: 'lastEventId', line: 6 }],
    },
    {
      name: 'an event stream whose replay helper reads an SDK EventStore implementation, and one sharing its block with the transport',
      code: `import http from 'node:http';
import type { EventStore, EventId, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class MemoryStore implements EventStore {
  async storeEvent(streamId: StreamId): Promise<EventId> {
    return streamId;
  }
  async replayEventsAfter(lastEventId: EventId): Promise<StreamId> {
    return lastEventId;
  }
}
const store = new MemoryStore();
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
function replay(last: string) {
  return store.replayEventsAfter(last);
}
http.createServer(async (req, res) => {
  if (req.url === '/stream') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    await replay(String(req.headers['last-event-id']));
    return;
  }
  const last = req.headers['last-event-id'];
  res.setHeader('Content-Type', 'text/event-stream');
  if (last) console.error('resuming', last);
  await transport.handleRequest(req, res);
}).listen(3000);`,
      errors: [
        { messageId: 'lastEventId', line: 20 },
        { messageId: 'lastEventId', line: 23 },
      ],
    },
  ],
});

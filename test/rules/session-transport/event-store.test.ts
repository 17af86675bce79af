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
  ],
  invalid: [
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
  ],
});

import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-transport/session-lifecycle.js';

ruleTester(rule, {
  valid: [
    {
      name: 'stateless transport with onclose/onerror assignments',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
transport.onclose = () => console.error('closed');
transport.onerror = (e) => console.error(e);`,
    },
    {
      name: 'an object with the same callback names that never reaches a transport',
      code: `export const hooks = {
  onsessioninitialized: (id: string) => console.log(id),
  onsessionclosed: (id: string) => console.log(id),
};`,
    },
    {
      name: 'the same callbacks passed to a project transport class',
      code: `import { WsTransport } from './ws.js';
export const t = new WsTransport({
  onsessioninitialized() {},
  onsessionclosed: () => undefined,
});`,
    },
    {
      name: 'callbacks mentioned only in comments',
      code: `import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
// onsessioninitialized: (sid) => transports.set(sid, transport),
export const t = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });`,
    },
  ],
  invalid: [
    {
      name: 'onsession* callbacks inside super({...}) of an SDK transport subclass, and passed when constructing one',
      code: `import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
const live = new Set<string>();
export class TrackedTransport extends NodeStreamableHTTPServerTransport {
  constructor() {
    super({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => { live.add(id); },
    });
  }
}
export const t = new TrackedTransport();
class Plain extends NodeStreamableHTTPServerTransport {}
export const p = new Plain({ sessionIdGenerator: () => 'x', onsessionclosed: (id) => { live.delete(id); } });`,
      errors: [
        { messageId: 'callback', line: 7 },
        { messageId: 'callback', line: 13 },
      ],
    },
    {
      name: 'v1 inline callbacks',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const live = new Set<string>();
export const transport = new StreamableHTTPServerTransport({
  sessionIdGenerator: () => crypto.randomUUID(),
  onsessioninitialized: (sid) => {
    live.add(sid);
  },
  onsessionclosed: (sid) => {
    live.delete(sid);
  },
});`,
      errors: [
        { messageId: 'callback', line: 5 },
        { messageId: 'callback', line: 8 },
      ],
    },
    {
      name: 'v2 options variable with method syntax',
      code: `import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
const options = {
  sessionIdGenerator: () => crypto.randomUUID(),
  async onsessionclosed(sid: string) {
    console.log('closed', sid);
  },
};
export const transport = new NodeStreamableHTTPServerTransport(options);`,
      errors: [{ messageId: 'callback', line: 4 }],
    },
    {
      name: 'shorthand property on the v2 web-standard transport',
      code: `import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
const onsessioninitialized = (sid: string) => console.log(sid);
export const t = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => 'fixed', onsessioninitialized });`,
      errors: [{ messageId: 'callback', line: 3 }],
    },
    {
      name: 'CommonJS whole-module require',
      filename: 'src/server.cjs',
      code: `const sh = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const transports = {};
function open() {
  const transport = new sh.StreamableHTTPServerTransport({
    sessionIdGenerator: () => require('node:crypto').randomUUID(),
    onsessioninitialized: (id) => {
      transports[id] = transport;
    },
  });
  return transport;
}
module.exports = { open };`,
      errors: [{ messageId: 'callback', line: 6 }],
    },
    {
      name: 'project-local re-export module with an aliased import',
      code: {
        'src/sdk.ts': "export { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
        'src/http.ts': `import { StreamableHTTPServerTransport as Http } from './sdk.js';
export const t = new Http({
  sessionIdGenerator: () => crypto.randomUUID(),
  onsessionclosed: async (sid) => console.log(sid),
});`,
      },
      errors: [{ messageId: 'callback', line: 4, file: 'src/http.ts' }],
    },
  ],
});

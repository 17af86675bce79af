import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handle-hygiene/create-tool-contract.js';
import { RELAYED_IDS } from './relayed-ids.js';

const HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
const uploads = new Map<string, string[]>();
`;
const CONSUMER = `
server.registerTool('append', { inputSchema: { upload_id: z.string(), chunk: z.string() } }, async ({ upload_id, chunk }) => {
  uploads.get(upload_id)?.push(chunk);
  return { content: [] };
});`;

ruleTester(rule, {
  valid: [
    {
      name: 'an idempotency key the handler uses, and the lifetime in the description',
      code: `${HEAD}const byKey = new Map<string, string>();
server.registerTool(
  'start_upload',
  {
    description: 'Start an upload; returns upload_id. An upload_id expires after 30 minutes without use.',
    inputSchema: { idempotency_key: z.string().optional() },
  },
  async ({ idempotency_key }) => {
    const upload_id = (idempotency_key && byKey.get(idempotency_key)) || randomUUID();
    uploads.set(upload_id, []);
    if (idempotency_key) byKey.set(idempotency_key, upload_id);
    return { content: [], structuredContent: { upload_id } };
  },
);${CONSUMER}`,
    },
    {
      name: 'a tool that returns an id no other tool takes is not a create tool of a handle',
      code: `${HEAD}server.registerTool('ping_upload', {}, async () => {
  const receipt_id = randomUUID();
  uploads.set(receipt_id, []);
  return { content: [], structuredContent: { receipt_id } };
});`,
    },
    {
      name: 'a tool annotated read-only (registerTool) or idempotent (server.tool annotations) needs no idempotency key',
      code: `${HEAD}server.registerTool('start_upload', { description: 'Start an upload; it expires after 30 minutes.', annotations: { readOnlyHint: true } }, async () => {
  const upload_id = randomUUID();
  uploads.set(upload_id, []);
  return { content: [], structuredContent: { upload_id } };
});
server.tool('open_upload', 'Open an upload; it expires after 30 minutes.', {}, { idempotentHint: true }, async () => {
  const upload_id = randomUUID();
  uploads.set(upload_id, []);
  return { content: [], structuredContent: { upload_id } };
});${CONSUMER}`,
    },
    {
      name: 'the lifetime stated in the description of a tool that takes the handle (the model reads every description)',
      code: `${HEAD}const byKey = new Map<string, string>();
server.registerTool('start_upload', { description: 'Start an upload.', inputSchema: { idempotency_key: z.string().optional() } }, async ({ idempotency_key }) => {
  const upload_id = (idempotency_key && byKey.get(idempotency_key)) || randomUUID();
  uploads.set(upload_id, []);
  return { content: [], structuredContent: { upload_id } };
});
server.registerTool('append', { description: 'Append a chunk. Uploads are dropped after 5 minutes without use.', inputSchema: { upload_id: z.string(), chunk: z.string() } }, async ({ upload_id, chunk }) => {
  uploads.get(upload_id)?.push(chunk);
  return { content: [] };
});`,
    },
    {
      name: 'read tools that relay an upstream API id or echo their own id argument mint nothing (another tool takes the id)',
      code: RELAYED_IDS,
    },
  ],
  invalid: [
    {
      name: 'no idempotency key, no lifetime (registerTool)',
      code: `${HEAD}server.registerTool('start_upload', { description: 'Start an upload and return its upload_id.' }, async () => {
  const upload_id = randomUUID();
  uploads.set(upload_id, []);
  return { content: [], structuredContent: { upload_id } };
});${CONSUMER}`,
      errors: [
        { messageId: 'noIdempotencyKey', line: 6, data: { tool: 'start_upload', argument: 'upload_id' } },
        { messageId: 'noLifetime', line: 6, column: 52 },
      ],
    },
    {
      name: 'server.tool with a described idempotencyKey the handler ignores; a lifetime stated',
      code: `${HEAD}server.tool('start_upload', 'Start an upload (idle uploads are dropped after 1 hour).', { idempotencyKey: z.string().optional() }, async () => {
  const upload_id = randomUUID();
  uploads.set(upload_id, []);
  return { content: [{ type: 'text', text: \`upload_id: \${upload_id}\` }] };
});${CONSUMER}`,
      errors: [{ messageId: 'ignoredIdempotencyKey', line: 6, data: { tool: 'start_upload', argument: 'upload_id', key: 'idempotencyKey' } }],
    },
    {
      name: 'annotations that do not say a retry is harmless (readOnlyHint: false, destructiveHint) leave the key required',
      code: `${HEAD}server.registerTool('start_upload', { description: 'Start an upload; it expires after 30 minutes.', annotations: { readOnlyHint: false, destructiveHint: false } }, async () => {
  const upload_id = randomUUID();
  uploads.set(upload_id, []);
  return { content: [], structuredContent: { upload_id } };
});${CONSUMER}`,
      errors: [{ messageId: 'noIdempotencyKey', line: 6, data: { tool: 'start_upload', argument: 'upload_id' } }],
    },
  ],
});

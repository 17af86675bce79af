import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handshake/client-version.js';

ruleTester(rule, {
  valid: [
    {
      name: 'an LSP-like initialize whose params are not read for client facts, and other schemas parsed',
      code: `import { z } from 'zod';
const Config = z.object({ name: z.string(), version: z.string() });
export function handle(msg: { method: string; params: { rootUri: string } }) {
  if (msg.method === 'initialize') return msg.params.rootUri;
  return Config.parse(msg.params);
}`,
    },
    {
      name: 'client info read inside an SDK initialize handler (handshake/initialize-handler reports the handler)',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InitializeRequestSchema, InitializeRequestParamsSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
server.setRequestHandler(InitializeRequestSchema, async (request) => {
  const params = InitializeRequestParamsSchema.parse(request.params);
  console.error(params.clientInfo.name);
  return { protocolVersion: params.protocolVersion, capabilities: {}, serverInfo: { name: 'x', version: '1' } };
});`,
    },
  ],
  invalid: [
    {
      name: 'a project schema of the initialize params parsed from the body, reported at the helper\'s caller',
      code: `import { z } from 'zod';
const initializeRequestSchema = z.object({
  params: z.object({ protocolVersion: z.string(), clientInfo: z.object({ name: z.string(), version: z.string() }) }),
});
function parseClientInfo(body: unknown) {
  const parsed = initializeRequestSchema.safeParse(body);
  return parsed.success ? parsed.data.params.clientInfo : undefined;
}
export function metadata(body: unknown) {
  const clientInfo = parseClientInfo(body);
  return { clientInfo };
}`,
      errors: [{ messageId: 'initializeBody', line: 10 }],
    },
    {
      name: 'a message compared with initialize, its params read for clientInfo in a returned value (the callers are reported)',
      code: `function extractClientInfo(body: string) {
  const parsed = JSON.parse(body) as { method?: string; params?: { clientInfo?: { name: string } } };
  if (parsed.method !== 'initialize') return undefined;
  return parsed.params?.clientInfo;
}
export async function handle(request: Request) {
  const body = await request.text();
  const info = extractClientInfo(body);
  return info?.name;
}`,
      errors: [{ messageId: 'initializeBody', line: 8 }],
    },
    {
      name: 'the initialize message found by a helper, its params parsed with the SDK params schema',
      code: `import { InitializeRequestParamsSchema } from '@modelcontextprotocol/sdk/types.js';
function extractInitializeMessage(body: unknown): { method: string; params?: unknown } | undefined {
  const messages = Array.isArray(body) ? body : [body];
  return messages.find((m): m is { method: string; params?: unknown } => typeof m === 'object' && m !== null && m.method === 'initialize');
}
function parseInitializeParams(params: unknown) {
  const result = InitializeRequestParamsSchema.safeParse(params);
  return result.success ? result.data : undefined;
}
export function route(body: unknown) {
  const initializeMessage = extractInitializeMessage(body);
  if (!initializeMessage) return undefined;
  const origin = parseInitializeParams(initializeMessage.params)?.clientInfo.name;
  return origin;
}`,
      errors: [{ messageId: 'initializeBody', line: 13 }],
    },
  ],
});

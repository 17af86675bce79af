// @ts-check
/**
 * Elicitation in plain JavaScript (v2): the handler computes what it asks about before the request
 * and reports it after, so it holds state across the await.
 */
import {
  McpServer,
  inputRequired,
  inputResponse,
  createRequestStateCodec,
  fromJsonSchema,
  acceptedContent,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

// Seals what a handler holds between the rounds of a multi-round-trip call. Every instance must share the key: set MCP_REQUEST_STATE_KEY (at least 32 bytes).
const requestStateKey = process.env.MCP_REQUEST_STATE_KEY;
if (!requestStateKey)
  throw new Error(
    'MCP_REQUEST_STATE_KEY is not set: it seals requestState across instances (use at least 32 random bytes, the same on every instance)',
  );
const requestStateCodec = createRequestStateCodec({
  key: requestStateKey,
  ttlSeconds: 600,
  bind: (ctx) => `${ctx.mcpReq.method}\0${ctx.http?.authInfo?.clientId ?? ''}`,
});

/** @type {Map<string, string[]>} */
const folders = new Map([['inbox', ['a.txt', 'b.txt']]]);

export function buildServer() {
  const server = new McpServer(
    { name: 'files', version: '1.0.0' },
    { capabilities: {}, requestState: { verify: requestStateCodec.verify } },
  );

  server.registerTool(
    'empty_folder',
    { description: 'Delete every file of a folder after the user confirms.', inputSchema: z.object({ folder: z.string() }) },
    async ({ folder }, ctx) => {
      const files = folders.get(folder) ?? [];
      const count = files.length;
      /** @type {import('@modelcontextprotocol/server').ElicitRequestFormParams['requestedSchema']} */
      const answerRequestedSchema = { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] };
      const answerSchema = /** @type {import('@modelcontextprotocol/server').StandardSchemaWithJSON<Record<string, unknown>>} */ (
        fromJsonSchema(answerRequestedSchema)
      );
      const answerResponse = inputResponse(ctx.mcpReq.inputResponses, 'answer');
      const answerState = /** @type {{ count: typeof count } | undefined} */ (ctx.mcpReq.requestState());
      if (answerResponse.kind === 'missing' || !answerState) {
        return inputRequired({
          inputRequests: {
            answer: inputRequired.elicit({
              mode: 'form',
              message: `Delete ${count} files from ${folder}?`,
              requestedSchema: answerSchema,
            }),
          },
          requestState: await requestStateCodec.mint({ count }, ctx),
        });
      }
      if (answerResponse.kind !== 'elicit') {
        return {
          content: [{ type: 'text', text: `Expected an elicitation response for "answer", got "${answerResponse.kind}".` }],
          isError: true,
        };
      }
      const answer =
        answerResponse.action === 'accept'
          ? { action: answerResponse.action, content: acceptedContent(ctx.mcpReq.inputResponses, 'answer', answerSchema) }
          : answerResponse;
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: 'Kept everything.' }] };
      }
      folders.set(folder, []);
      return { content: [{ type: 'text', text: `Deleted ${answerState.count} files.` }] };
    },
  );

  return server;
}

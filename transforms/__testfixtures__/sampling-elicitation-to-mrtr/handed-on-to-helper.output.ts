/**
 * A tool handler hands the client's elicitation to a helper as a function, with its own context; the
 * helper awaits it once, inside a try. The helper has no other caller and the handler returns what it
 * returns, so the two-phase rewrite happens in the helper: the function argument, the parameter and
 * the alias typing it go, and so does the SDK type only that alias read.
 */
import { McpServer, type CallToolResult, type ElicitRequestFormParams, type ServerContext, inputRequired, inputResponse, fromJsonSchema, acceptedContent, type InputRequiredResult } from '@modelcontextprotocol/server';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool(
    'elicit_echo',
    { description: 'Asks what to echo, then echoes it.' },
    (ctx) => elicitEcho(ctx),
  );
  return server;
}

async function elicitEcho(
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  const toolName = 'elicit_echo';
  const { mcpReq: { id: requestId } } = ctx;
  try {
    // The form the user fills in.
    const resultRequestedSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { message: { type: 'string', title: 'Message' } }, required: ['message'] };
    const resultSchema = fromJsonSchema<Record<string, unknown>>(resultRequestedSchema);
    const resultResponse = inputResponse(ctx.mcpReq.inputResponses, 'result');
    if (resultResponse.kind === 'missing') {
      return inputRequired({
        inputRequests: {
          result: inputRequired.elicit({
            message: 'What would you like to echo?',
            requestedSchema: resultSchema,
          }),
        },
      });
    }
    if (resultResponse.kind !== 'elicit') {
      return { content: [{ type: 'text' as const, text: `Expected an elicitation response for "result", got "${resultResponse.kind}".` }], isError: true };
    }
    const result = resultResponse.action === 'accept' ? { action: resultResponse.action, content: acceptedContent(ctx.mcpReq.inputResponses, 'result', resultSchema) } : resultResponse;
    if (result.action === 'accept' && typeof result.content?.message === 'string') {
      return { content: [{ type: 'text', text: result.content.message }] };
    }
    console.info(toolName, requestId, result.action);
    return { content: [{ type: 'text', text: 'Nothing to echo.' }] };
  } catch (error) {
    console.error(toolName, requestId, error);
    return { content: [{ type: 'text', text: String(error) }], isError: true };
  }
}

/**
 * A low-level tools/call dispatcher on SDK v2: one branch per tool. The `confirm` branch asks the
 * user through elicitation in the middle of the call; it becomes the two-phase multi-round-trip form
 * while the other branches stay as they were.
 */
import {
  Server,
  inputRequired,
  inputResponse,
  fromJsonSchema,
  acceptedContent,
  type ElicitRequestFormParams,
} from '@modelcontextprotocol/server';

enum ToolName {
  ECHO = 'echo',
  CONFIRM = 'confirm',
}

export const server = new Server({ name: 'dispatcher', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler('tools/list', async () => ({
  tools: [
    { name: ToolName.ECHO, inputSchema: { type: 'object' as const, properties: { message: { type: 'string' } } } },
    { name: ToolName.CONFIRM, inputSchema: { type: 'object' as const } },
  ],
}));

server.setRequestHandler('tools/call', async (request, ctx) => {
  const { name, arguments: args } = request.params;

  if (name === ToolName.ECHO) {
    // Logged for every echo: an effect, but not on the confirm tool's path.
    console.error(`echo ${JSON.stringify(args)}`);
    return { content: [{ type: 'text', text: `Echo: ${String(args?.message)}` }] };
  }

  if (name === ToolName.CONFIRM) {
    const answerRequestedSchema: ElicitRequestFormParams['requestedSchema'] = {
      type: 'object',
      properties: { proceed: { type: 'boolean', title: 'Proceed' } },
      required: ['proceed'],
    };
    const answerSchema = fromJsonSchema<Record<string, unknown>>(answerRequestedSchema);
    const answerResponse = inputResponse(ctx.mcpReq.inputResponses, 'answer');
    if (answerResponse.kind === 'missing') {
      return inputRequired({
        inputRequests: {
          answer: inputRequired.elicit({
            mode: 'form',
            message: 'Proceed?',
            requestedSchema: answerSchema,
          }),
        },
      });
    }
    if (answerResponse.kind !== 'elicit') {
      return {
        content: [
          {
            type: 'text' as const,
            text: `Expected an elicitation response for "answer", got "${answerResponse.kind}".`,
          },
        ],
        isError: true,
      };
    }
    const answer =
      answerResponse.action === 'accept'
        ? { action: answerResponse.action, content: acceptedContent(ctx.mcpReq.inputResponses, 'answer', answerSchema) }
        : answerResponse;
    return { content: [{ type: 'text', text: `Answer: ${JSON.stringify(answer)}` }] };
  }

  throw new Error(`Unknown tool: ${name}`);
});

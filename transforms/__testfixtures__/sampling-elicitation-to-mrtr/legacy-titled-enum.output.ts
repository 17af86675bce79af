/**
 * A form elicitation whose schema uses the legacy titled enum (`enumNames`, as in the everything
 * server): valid in an elicitation's requestedSchema, unknown to the JSON Schema type fromJsonSchema
 * takes. The hoisted schema is typed as the elicitation wire shape, so it keeps compiling.
 */
import {
  McpServer,
  inputRequired,
  inputResponse,
  fromJsonSchema,
  acceptedContent,
  type ElicitRequestFormParams,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

export function buildServer() {
  const server = new McpServer({ name: 'pets', version: '1.0.0' }, { capabilities: {} });

  server.registerTool(
    'adopt',
    { description: 'Adopt a pet of the kind the user picks.', inputSchema: z.object({ shelter: z.string() }) },
    async ({ shelter }, ctx) => {
      const choiceRequestedSchema: ElicitRequestFormParams['requestedSchema'] = {
        type: 'object',
        properties: {
          pet: { type: 'string', title: 'Pet', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'], default: 'pet-1' },
        },
        required: ['pet'],
      };
      const choiceSchema = fromJsonSchema<Record<string, unknown>>(choiceRequestedSchema);
      const choiceResponse = inputResponse(ctx.mcpReq.inputResponses, 'choice');
      if (choiceResponse.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            choice: inputRequired.elicit({
              mode: 'form',
              message: 'Which pet?',
              requestedSchema: choiceSchema,
            }),
          },
        });
      }
      if (choiceResponse.kind !== 'elicit') {
        return {
          content: [{ type: 'text' as const, text: `Expected an elicitation response for "choice", got "${choiceResponse.kind}".` }],
          isError: true,
        };
      }
      const choice =
        choiceResponse.action === 'accept'
          ? { action: choiceResponse.action, content: acceptedContent(ctx.mcpReq.inputResponses, 'choice', choiceSchema) }
          : choiceResponse;
      if (choice.action !== 'accept') return { content: [{ type: 'text', text: 'Nothing adopted.' }] };
      return { content: [{ type: 'text', text: `Adopted ${String(choice.content?.pet)} from ${shelter}.` }] };
    },
  );

  return server;
}

/**
 * A prompt aggregator (SDK v1): it lists the prompts of its upstream servers and learns, while answering
 * prompts/list, which upstream owns each name; prompts/get routes through that table. Nothing is keyed by the
 * session id, yet prompts/get works only after a prompts/list reached the same server instance, as in a session:
 * apply leaves a marker at the table (when to fill it is the project's call) and changes nothing else.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { GetPromptRequestSchema, ListPromptsRequestSchema, type Prompt } from '@modelcontextprotocol/sdk/types.js';

export interface Upstream {
  name: string;
  listPrompts(): Promise<Prompt[]>;
  getPrompt(name: string, args: Record<string, string> | undefined): Promise<{ messages: Array<{ role: 'user' | 'assistant'; content: { type: 'text'; text: string } }> }>;
}

export function createAggregator(upstreams: readonly Upstream[]): Server {
  // Filled by prompts/list: which upstream answers each prompt name.
  const promptOwners = new Map<string, Upstream>();

  const server = new Server({ name: 'prompt-aggregator', version: '2.3.0' }, { capabilities: { prompts: {} } });

  server.setRequestHandler(ListPromptsRequestSchema, async () => {
    const prompts: Prompt[] = [];
    for (const upstream of upstreams) {
      for (const prompt of await upstream.listPrompts()) {
        promptOwners.set(prompt.name, upstream);
        prompts.push(prompt);
      }
    }
    return { prompts };
  });

  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const owner = promptOwners.get(request.params.name);
    if (!owner) throw new Error(`Unknown prompt: ${request.params.name}`);
    return owner.getPrompt(request.params.name, request.params.arguments);
  });

  return server;
}

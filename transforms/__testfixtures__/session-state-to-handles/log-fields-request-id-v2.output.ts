/**
 * SDK v2: a recipe server whose handlers log `ctx.sessionId` as a field of a pino-style log object, alone or as
 * a local copy. The request id is `ctx.mcpReq.id`. The metrics helper's parameter type declares `session` as
 * a string, which the request id (string or number) does not fit: that field is left with a marker.
 */
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const logger = {
  info: (fields: Record<string, unknown>, message: string): void => console.error(message, fields),
  error: (fields: Record<string, unknown>, message: string): void => console.error(message, fields),
};

interface TimingSample {
  name: string;
  session: string | undefined;
  ms: number;
}

function logTiming(sample: TimingSample): void {
  console.error(`timing ${sample.name} ${sample.ms}ms`, sample.session);
}

const RECIPES: Record<string, string[]> = {
  pancakes: ['flour', 'milk', 'eggs'],
  omelette: ['eggs', 'butter', 'salt'],
};

export function createRecipeServer(): McpServer {
  const server = new McpServer({ name: 'recipes', version: '2.1.0' });

  server.registerTool(
    'ingredients',
    { description: 'List the ingredients of a recipe.', inputSchema: z.object({ recipe: z.string() }) },
    async ({ recipe }, ctx) => {
      const started = Date.now();
      const items = RECIPES[recipe];
      if (!items) {
        logger.error({ requestId: ctx.mcpReq.id, recipe }, 'unknown recipe');
        return { content: [{ type: 'text', text: `No recipe called ${recipe}.` }], isError: true };
      }
      // @mcp-migrate-todo(session-state/session-telemetry): the log field `session` holds the session id, which a 2026-07-28 request does not have, and the project's log type declares it as `string | undefined`, which the request id (`ctx.mcpReq.id`, a string or a number) does not fit. Correlate by the request id: widen the field's type or add a `requestId` field, and log the request id instead of the session id.
      logTiming({ name: 'ingredients', session: ctx.sessionId, ms: Date.now() - started });
      return { content: [{ type: 'text', text: items.join(', ') }] };
    },
  );

  server.registerTool(
    'recipes',
    { description: 'List the recipes.', inputSchema: z.object({}) },
    async (_args, ctx) => describe(ctx),
  );

  return server;
}

async function describe(ctx: ServerContext) {
  const requestId = ctx.mcpReq.id;
  logger.info({ requestId, count: Object.keys(RECIPES).length }, 'recipes listed');
  return { content: [{ type: 'text' as const, text: Object.keys(RECIPES).join('\n') }] };
}

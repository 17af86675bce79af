// Objects with two of the v1 handler context's keys: a log record (not a context: the official
// codemod's "looks like a v1 handler-context mock" comment is dropped) and a hand-built context
// handed to a handler as its second argument (the comment stays).
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';

const logger = {
  info: (record: Record<string, unknown>, message?: string) => console.error(message ?? '', record),
};

export const server = new McpServer({ name: 'audit', version: '1.0.0' });

const app = express();
app.use(express.json());
app.post('/mcp', (req, res, next) => {
  const requestId = randomUUID();
  const sessionId = req.header('mcp-session-id');
  logger.info({ requestId, sessionId, method: req.body?.method });
  logger.info({ requestId, sessionId }, 'request received');
  res.locals.requestId = requestId;
  next();
});

type ProbeContext = { requestId: number; sessionId?: string; signal: AbortSignal };

async function describeCall(args: { name: string }, context: ProbeContext): Promise<string> {
  return `${args.name} (request ${context.requestId}${context.signal.aborted ? ', cancelled' : ''})`;
}

export async function selfTest(): Promise<string> {
  /* @mcp-codemod-error This object looks like a v1 handler-context mock (requestId, sessionId, signal). v2 nests the context — reshape it (requestId → mcpReq.id; signal → mcpReq.signal; sessionId stays top-level), e.g. { sendRequest: fn } → { mcpReq: { send: fn } }. Passed as-is to a migrated handler that reads ctx.mcpReq.*, the v1 shape throws "Cannot read properties of undefined". */
  const context = { requestId: 1, sessionId: 'probe', signal: new AbortController().signal };
  return describeCall({ name: 'probe' }, context);
}

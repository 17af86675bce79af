/**
 * State a session server's factory keeps for later calls in forms besides `let` and collection methods (a review of
 * session 30's refusal): a gate held in an object (`state.unlocked = true`), answers kept by element
 * (`answers[question] = …`), and a step counter a later call reads back (`step++`, then `if (step < 2)`). A server built
 * per request would start each of them afresh, so the route is marked.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { z } from 'zod';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

export function createServer(): McpServer {
  const state = { unlocked: false };
  const answers: Record<string, string> = {};
  let step = 0;
  const server = new McpServer({ name: 'quiz', version: '1.0.0' });
  server.registerTool('unlock', { description: 'Unlock the quiz.' }, async () => {
    state.unlocked = true;
    return { content: [{ type: 'text', text: 'unlocked' }] };
  });
  server.registerTool('answer', { description: 'Answer a question.', inputSchema: z.object({ question: z.string(), answer: z.string() }) }, async ({ question, answer }) => {
    if (!state.unlocked) return { isError: true, content: [{ type: 'text', text: 'Call unlock first.' }] };
    answers[question] = answer;
    step++;
    return { content: [{ type: 'text', text: `step ${step}` }] };
  });
  server.registerTool('score', { description: 'The score so far.' }, async () => {
    if (step < 2) return { isError: true, content: [{ type: 'text', text: 'Answer two questions first.' }] };
    return { content: [{ type: 'text', text: JSON.stringify(answers) }] };
  });
  return server;
}

const transports: Record<string, NodeStreamableHTTPServerTransport> = {};
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    if (sessionId || !isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
      return;
    }
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport!;
      },
    });
    const server = createServer();
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);

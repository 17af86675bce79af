/**
 * A server built inline whose tool uses the database, and a route that records each visit in it after serving: the
 * record is the route's own logic, which the rewrite must not drop because the factory uses `db` too (review 35 A2).
 */
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

const db = {
  visits: [] as string[],
  async recordVisit(ip: string | undefined) {
    this.visits.push(ip ?? 'unknown');
  },
};

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const server = new McpServer({ name: 'visits', version: '1.0.0' });
  server.registerTool('count_visits', { description: 'How many visits' }, async () => ({ content: [{ type: 'text', text: String(db.visits.length) }] }));
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
  await db.recordVisit(req.ip);
});

app.listen(3000);

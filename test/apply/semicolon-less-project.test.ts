/**
 * apply on a project written without semicolons (standard / Prettier `semi: false`, review 39c T4, T5): the serving
 * rewrite leaves the next line its `;` guard, and the module the run creates is written in the project's style.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { tempTree } from '../support/temp-tree.js';

const SERVER = `import express from 'express'
import { randomUUID } from 'node:crypto'
import { renderToString } from 'react-dom/server'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

const carts = new Map<string, string[]>()

function Page ({ n }: { n: number }) {
  return <main><p>Items; {n}</p>{[1, 2].map((i) => <b key={i}>{i};</b>)}</main>
}

class Counter {
  count = 0;
  bump () { this.count++ }
}

function createServer () {
  const server = new McpServer({ name: 'r5', version: '1.0.0' })
  server.tool('add_item', { item: z.string() }, async ({ item }, extra) => {
    const cart = carts.get(extra.sessionId!) ?? []
    cart.push(item)
    carts.set(extra.sessionId!, cart)
    return { content: [{ type: 'text', text: \`added; \${item}\` }] }
  })
  server.tool('list_items', {}, async (_args, extra) => {
    const cart = carts.get(extra.sessionId!) ?? []
    for (let i = 0; i < cart.length; i++) console.log(cart[i])
    return { content: [{ type: 'text', text: cart.join(', ') }] }
  })
  return server
}

const app = express()
app.use(express.json())
const transports: Record<string, StreamableHTTPServerTransport> = {}

app.get('/', (_req, res) => { res.send(renderToString(<Page n={2} />)) })

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined
  let transport: StreamableHTTPServerTransport
  if (sessionId && transports[sessionId]) {
    transport = transports[sessionId]
  } else if (!sessionId && isInitializeRequest(req.body)) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => { transports[id] = transport }
    })
    transport.onclose = () => {
      if (transport.sessionId) { delete transports[transport.sessionId]; console.log('x') }
    }
    await createServer().connect(transport)
  } else {
    res.status(400).json({ error: 'bad' })
    return
  }
  await transport.handleRequest(req, res, req.body)
})

;[3000].forEach((port) => app.listen(port))
;(async () => { new Counter().bump() })()
`;

describe('a project written without semicolons', () => {
  it('keeps the user\'s `;[…]` line after the rewritten route, and gets a handles module without statement semicolons', async () => {
    const dir = tempTree({
      'package.json': '{ "name": "r5", "version": "1.0.0", "type": "module",\n  "dependencies": { "@modelcontextprotocol/sdk": "1.17.0", "express": "^5.1.0", "zod": "^4.2.0" } }\n',
      'src/server.tsx': SERVER,
    });
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false });
    expect(result.failures).toEqual([]);
    const server = fs.readFileSync(path.join(dir, 'src/server.tsx'), 'utf8');
    // The guard stays at the start of its own line, as the user wrote it.
    expect(server).toMatch(/\n;\[3000\]\.forEach\(\(port\) => app\.listen\(port\)\)\n;\(async \(\) => \{ new Counter\(\)\.bump\(\) \}\)\(\)\n?$/);
    expect(server).not.toMatch(/\);\[3000\]/);
    const handles = fs.readFileSync(path.join(dir, 'src/mcp-handles.ts'), 'utf8');
    const statementSemicolons = handles.split('\n').filter((line) => /^\s*(?:const|let|return|throw|import|export \{)\b.*;$/.test(line));
    expect(statementSemicolons).toEqual([]);
  });
});

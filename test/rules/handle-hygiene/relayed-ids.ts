/**
 * Shared by the handle-hygiene tests (sweep 9 G2, kazuph/mcp-raindrop): `collectionId` is taken by a create tool and
 * returned by others, but no tool mints it. `bookmark_get` relays it from the upstream API's response,
 * `collection_share` echoes its own `id` argument, and the only store it reaches is a request de-duplication map keyed
 * by a composite string (`create:${link}:${collectionId}`). None of it is a handle.
 */
export const RELAYED_IDS: Record<string, string> = {
  'src/api.ts': `export const api = {
  async get(id: number) {
    const res = await fetch(\`https://api.example.com/raindrop/\${id}\`);
    return (await res.json()) as { _id: number; title: string; collection?: { $id: number } };
  },
  async share(id: number, level: string) {
    const res = await fetch(\`https://api.example.com/collection/\${id}/sharing\`, { method: 'POST', body: level });
    return (await res.json()) as { link: string };
  },
  async create(link: string, collectionId?: number) {
    const res = await fetch('https://api.example.com/raindrop', { method: 'POST', body: JSON.stringify({ link, collectionId }) });
    return (await res.json()) as { _id: number };
  },
};`,
  'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { api } from './api.js';
const inflight = new Map<string, Promise<any>>();
async function dedupe<T>(key: string, fn: () => Promise<T>): Promise<T> {
  if (inflight.has(key)) return inflight.get(key)!;
  const p = fn();
  inflight.set(key, p);
  return p;
}
const server = new McpServer({ name: 'x', version: '1' });
server.tool('bookmark_get', 'Get a bookmark by id', { id: z.number() }, async ({ id }) => {
  const b = await api.get(id);
  return { content: [{ type: 'text', text: b.title, metadata: { id: b._id, collectionId: b.collection?.$id } }] };
});
server.tool('collection_share', 'Share a collection', { id: z.number(), level: z.enum(['view', 'edit']) }, async ({ id, level }) => {
  const r = await api.share(id, level);
  return { content: [{ type: 'text', text: r.link, metadata: { collectionId: id, shareLink: r.link } }], structuredContent: { collectionId: id } };
});
server.tool('bookmark_create', 'Create a bookmark', { link: z.string(), collectionId: z.number().optional() }, async ({ link, collectionId }) => {
  const b = await dedupe(\`create:\${link}:\${collectionId}\`, () => api.create(link, collectionId));
  return { content: [{ type: 'text', text: \`created \${b._id}\` }] };
});`,
};

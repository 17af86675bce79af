import Fastify from 'fastify';
import { mcpPlugin } from './mcp-plugin.js';

const app = Fastify();
await app.register(mcpPlugin);
await app.listen({ port: 3000 });

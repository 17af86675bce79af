import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import mcpController from './mcp-controller.js';

const app = new Hono({ strict: false });
app.route('/mcp', mcpController);

serve({ fetch: app.fetch, port: 3000 });

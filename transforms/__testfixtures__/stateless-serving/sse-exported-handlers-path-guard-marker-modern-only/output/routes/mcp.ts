import express, { type NextFunction, type Request, type Response } from 'express';
import { openStream, postMessage } from '../handlers/sse.js';

const API_KEY = process.env.BOOKMARKS_API_KEY ?? '';

/** Every MCP request carries the deployment's API key. */
function requireApiKey(req: Request, res: Response, next: NextFunction): void {
  if (req.header('x-api-key') !== API_KEY) {
    res.status(401).json({ error: 'invalid API key' });
    return;
  }
  next();
}

export const mcpRouter = express.Router();
mcpRouter.use(express.json());
// The API key guards the MCP paths, not the health check.
mcpRouter.use(['/sse', '/messages'], requireApiKey);

// MCP over HTTP+SSE
mcpRouter.get('/sse', openStream);
mcpRouter.post('/messages', postMessage);

import express, { type NextFunction, type Request, type Response } from 'express';
import { handleMcp } from './handlers/mcp.js';
import { handleSseConnection, handleSseMessage } from './handlers/sse.js';
import { handleSse2Connection, handleSse2Message } from './handlers/sse2.js';

const router = express.Router();
router.use(express.json());

// Headers every MCP response carries
const securityHeaders = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
};

// SSE-specific headers
const sseHeaders = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

// MCP endpoint - Streamable HTTP transport
router.post('/mcp', securityHeaders, handleMcp);

// MCP endpoints - SSE transport (legacy)
router.get('/sse', sseHeaders, handleSseConnection);
router.post('/messages', securityHeaders, handleSseMessage);
router.get('/sse2', sseHeaders, handleSse2Connection);
router.post('/messages2', securityHeaders, handleSse2Message);

const app = express();
app.use(router);
app.listen(3000);

import express, { type NextFunction, type Request, type Response } from 'express';
import { handleMcp } from './handlers/mcp.js';
import { handleSseConnection, handleSseMessage } from './handlers/sse.js';

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

const app = express();
app.use(router);
app.listen(3000);

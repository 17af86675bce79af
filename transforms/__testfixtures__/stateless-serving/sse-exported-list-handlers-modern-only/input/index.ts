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

// Logs every request (other routers mount it too)
const requestLog = (req: Request, _res: Response, next: NextFunction) => {
  console.log(req.method, req.path);
  next();
};

router.post('/mcp', securityHeaders, handleMcp);
router.get('/sse', requestLog, sseHeaders, handleSseConnection); // 2025-era clients
router.post('/messages', requestLog, securityHeaders, (req, res) => handleSseMessage(req, res));

const app = express();
app.use('/api', router);
app.listen(3000);

export { requestLog };

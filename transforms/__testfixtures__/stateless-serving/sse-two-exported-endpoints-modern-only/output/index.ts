import express, { type NextFunction, type Request, type Response } from 'express';
import { handleMcp } from './handlers/mcp.js';

const router = express.Router();
router.use(express.json());

// Headers every MCP response carries
const securityHeaders = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
};

// MCP endpoint - Streamable HTTP transport
router.post('/mcp', securityHeaders, handleMcp);

const app = express();
app.use(router);
app.listen(3000);

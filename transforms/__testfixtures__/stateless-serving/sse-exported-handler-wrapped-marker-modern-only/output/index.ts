import express, { type Request, type Response } from 'express';
import { handleMcp } from './handlers/mcp.js';
import { handleSseConnection, handleSseMessage } from './handlers/sse.js';

/** Ends a request that has not answered within `ms`. */
function withDeadline(handler: (req: Request, res: Response) => Promise<void>, ms = 30_000) {
  return async (req: Request, res: Response) => {
    const timer = setTimeout(() => res.end(), ms);
    try {
      await handler(req, res);
    } finally {
      clearTimeout(timer);
    }
  };
}

const router = express.Router();
router.use(express.json());
router.post('/mcp', handleMcp);
router.get('/sse', withDeadline(handleSseConnection));
router.post('/messages', handleSseMessage);

const app = express();
app.use(router);
app.listen(3000);

import express, { type NextFunction, type Request, type Response } from 'express';
import { handleMcp } from './handlers/mcp.js';

const securityHeaders = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
};

export const router = express.Router();
router.use(express.json());
router.get('/mcp', securityHeaders, handleMcp);
router.post('/mcp', securityHeaders, handleMcp);
router.delete('/mcp', securityHeaders, handleMcp);

const app = express();
app.use(router);
app.listen(3000);

import express from 'express';
import { mcpRouter } from './routes/mcp.js';

const app = express();
app.get('/health', (_req, res) => {
  res.json({ ok: true });
});
app.use(mcpRouter);
app.listen(Number(process.env.PORT ?? 3000));

import express from 'express';
import { messagesHandler, sseHandler } from './handlers/sse.js';

const app = express();
app.get('/sse', sseHandler);
app.post('/messages', messagesHandler);
app.listen(8080, () => console.log('clock MCP server on :8080'));

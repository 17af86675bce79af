import express from 'express';
import { mcpPostHandler, type TransportSessionMap } from './post-handler.js';

const app = express();
app.use(express.json());
const transports: TransportSessionMap = {};
app.post('/mcp', mcpPostHandler(transports));
app.listen(3000);

#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createServer } from './mcp-server.js';

serveStdio(createServer);
console.error('greeter running on stdio');

#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { server } from './mcp-server.js';

const transport = new StdioServerTransport();
await server.connect(transport);
console.error('greeter running on stdio');

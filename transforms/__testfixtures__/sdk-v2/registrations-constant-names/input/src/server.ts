/**
 * Tools, a resource and a prompt registered with v1's shorthand methods, their names and descriptions held in
 * constants of other modules (gabrielkuettel/algorand-agent's 28 registrations, sweep 13 L1). The official codemod
 * migrates only a call whose name is a string literal: it left these as they were, with a comment, while the file
 * moved to v2, whose McpServer has no `tool`/`resource`/`prompt` (the server threw while registering). They become
 * `registerTool`/`registerResource`/`registerPrompt` calls; the schema SDK 1.x built from `schema.shape` is `schema`.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as balance from './tools/balance.js';
import * as ledgerResource from './tools/ledger-resource.js';
import { argsShape, description as summaryDescription, name as summaryName } from './tools/summary-prompt.js';

export function createServer(ledger: Map<string, number>): McpServer {
  const server = new McpServer({ name: 'ledger', version: '1.0.0' });
  server.tool(
    balance.name,
    balance.description,
    balance.schema.shape,
    balance.createHandler(ledger),
  );
  server.resource(
    ledgerResource.name,
    ledgerResource.uri,
    ledgerResource.createHandler(ledger),
  );
  server.resource(ledgerResource.name + '-copy', ledgerResource.uri + '/copy', { mimeType: 'application/json' }, ledgerResource.createHandler(ledger));
  server.prompt(summaryName, summaryDescription, argsShape, ({ currency }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarise the ledger in ${currency}.` } }],
  }));
  return server;
}

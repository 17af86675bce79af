/**
 * Catch-all handlers whose handshake branch is not a plain deletion of dead code: one written as `if … else`, one
 * that is the only reader of a local of the handler. They stay, with a marker that says the SDK answers the handshake
 * itself (the branch is reached only if that handler is removed).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';

export const primary = new Server({ name: 'notes', version: '0.3.0' }, { capabilities: { tools: {} } });

primary.fallbackRequestHandler = async (request) => {
  if (request.method === 'initialize') {
    return { protocolVersion: '2024-11-05', capabilities: { tools: {} }, serverInfo: { name: 'notes', version: '0.3.0' } };
  } else {
    return { tools: [] };
  }
};

export const secondary = new Server({ name: 'notes-mirror', version: '0.3.0' }, { capabilities: { tools: {} } });

secondary.fallbackRequestHandler = async (request) => {
  const started = Date.now();
  if (request.method === 'initialize') {
    console.error(`initialize after ${Date.now() - started} ms`);
    return { protocolVersion: '2024-11-05', capabilities: { tools: {} }, serverInfo: { name: 'notes-mirror', version: '0.3.0' } };
  }
  return { tools: [] };
};

/**
 * Catch-all handlers whose handshake branch is not a plain deletion of dead code: one written as `if … else`, one
 * that is the only reader of a local of the handler, one that is the `else` of another test (review 34 X1). They stay,
 * with a marker that says the SDK answers the handshake itself (the branch is reached only if that handler is removed).
 * A tool that happens to be named `initialize`, tested in the same handler, is no handshake and gets nothing (X3).
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

export const tertiary = new Server({ name: 'notes-tools', version: '0.3.0' }, { capabilities: { tools: {} } });

tertiary.fallbackRequestHandler = async (request) => {
  let result = {};
  if (request.method === 'tools/call') {
    // a tool named "initialize", which sets up the workspace
    if (request.params?.name === 'initialize') result = { content: [{ type: 'text', text: 'workspace ready' }] };
  } else if (request.method === 'initialize') {
    result = { protocolVersion: '2024-11-05', capabilities: { tools: {} }, serverInfo: { name: 'notes-tools', version: '0.3.0' } };
  }
  console.error('handled', request.method);
  return result;
};

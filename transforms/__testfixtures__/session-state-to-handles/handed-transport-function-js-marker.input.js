/**
 * The handed-transport shape in JavaScript with the listener a function declaration passed by name (declared
 * below its use): the transport is destructured, filed under its session id, and the id handed to the usage meter.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** @type {Map<string, StreamableHTTPServerTransport>} */
const transports = new Map();

const meter = {
  /** @param {string} sessionId */
  opened(sessionId) {
    process.stdout.write(`opened ${sessionId}\n`);
  },
};

/**
 * @param {{ onConnection(listener: (transport: StreamableHTTPServerTransport) => Promise<void>): void }} http
 */
export function acceptConnections(http) {
  http.onConnection(handleTransport);
}

/** @param {StreamableHTTPServerTransport} transport */
async function handleTransport(transport) {
  const { sessionId } = transport;
  if (!sessionId) return;
  transports.set(sessionId, transport);
  transport.onclose = () => transports.delete(sessionId);
  meter.opened(sessionId);
  const server = new Server({ name: 'gateway', version: '1.0.0' }, { capabilities: { tools: {} } });
  await server.connect(transport);
}

export async function closeAll() {
  for (const transport of transports.values()) await transport.close();
  transports.clear();
}

/**
 * A stdio-to-HTTP bridge: a stdio server whose transport hands every raw message to an SDK client of a remote
 * server. `serveStdio(buildServer)` serves requests with a server's handlers; this server has none (it only
 * relays), so the stdio serving stays as it is: no rewrite, no marker.
 */
import { Client, StreamableHTTPClientTransport, type RequestMethod } from '@modelcontextprotocol/client';
import { Server, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

export async function bridgeToRemote(remoteUrl: string): Promise<void> {
  const client = new Client({ name: 'bridge', version: '0.3.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(remoteUrl)));

  const stdioServer = new Server({ name: 'bridge', version: '0.3.0' }, { capabilities: {} });
  const stdioTransport = new StdioServerTransport();
  await stdioServer.connect(stdioTransport);

  stdioTransport.onmessage = async (message: JSONRPCMessage) => {
    if (!('method' in message) || !('id' in message)) return;
    const request = message as JSONRPCRequest;
    try {
      const result = await client.request({ method: request.method as RequestMethod, params: request.params });
      await stdioTransport.send({ jsonrpc: '2.0', id: request.id, result });
    } catch (error) {
      await stdioTransport.send({ jsonrpc: '2.0', id: request.id, error: { code: -32000, message: String(error) } });
    }
  };
}

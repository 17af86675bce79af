/**
 * Capability reads outside any request that guard a request the server sends the client itself (SDK v2):
 * context7's sign-in nudge and mongodb-mcp-server's confirmation class. Only a 2025-era connection carries
 * such a push; for a 2026-07-28 client the read is undefined and the push is skipped. Nothing to move into
 * a handler: each read is marked as the legacy guard it is.
 */
import type { McpServer } from '@modelcontextprotocol/server';

export function maybeElicitSignIn(server: McpServer, anonymous: boolean): void {
  if (!anonymous) return;
  // @mcp-migrate-todo(handshake/client-capabilities): getClientCapabilities() decides whether to send elicitInput(), a request the server sends the client on its own (not an inputRequired result of a handler): only a 2025-era connection carries it, and for a 2026-07-28 client this read is undefined, so the request is skipped and the code for a client without the capability runs instead: check that it is right without the answer (a confirmation that falls back to yes never asks a 2026-07-28 client). Keep it as the legacy guard while the push stays; when elicitInput() itself becomes inputRequired(...) returned from a request handler, check ctx.mcpReq.envelope's CLIENT_CAPABILITIES_META_KEY there and delete this read.
  if (!server.server.getClientCapabilities()?.elicitation) return;

  void server.server
    .elicitInput({
      message: 'Sign in for higher rate limits?',
      requestedSchema: { type: 'object', properties: { choice: { type: 'string', enum: ['yes', 'no'] } }, required: ['choice'] },
    })
    .catch(() => {
      // A missed nudge never affects the tool result.
    });
}

export class Elicitation {
  private readonly server: McpServer['server'];
  constructor(server: McpServer['server']) {
    this.server = server;
  }

  /** Whether the client declared elicitation. */
  public supportsElicitation(): boolean {
    // @mcp-migrate-todo(handshake/client-capabilities): getClientCapabilities() decides whether to send elicitInput(), a request the server sends the client on its own (not an inputRequired result of a handler): only a 2025-era connection carries it, and for a 2026-07-28 client this read is undefined, so the request is skipped and the code for a client without the capability runs instead: check that it is right without the answer (a confirmation that falls back to yes never asks a 2026-07-28 client). Keep it as the legacy guard while the push stays; when elicitInput() itself becomes inputRequired(...) returned from a request handler, check ctx.mcpReq.envelope's CLIENT_CAPABILITIES_META_KEY there and delete this read.
    const clientCapabilities = this.server.getClientCapabilities();
    return clientCapabilities?.elicitation !== undefined;
  }

  /** Asks the user to confirm; true when the client cannot ask. */
  public async requestConfirmation(message: string): Promise<boolean> {
    if (!this.supportsElicitation()) return true;
    const result = await this.server.elicitInput({
      mode: 'form',
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return result.action === 'accept' && result.content?.confirm === true;
  }
}

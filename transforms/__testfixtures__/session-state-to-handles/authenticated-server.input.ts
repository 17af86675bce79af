/**
 * An e-mail drafting server behind OAuth (SDK v1): every request carries `extra.authInfo` from the
 * bearer token. Drafts are kept per MCP session.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

interface Draft {
  author: string;
  to: string[];
  subject: string;
  body: string;
}

const drafts = new Map<string, Draft>();

export function createDraftServer(): McpServer {
  const server = new McpServer({ name: 'mail-drafts', version: '1.3.0' });

  server.registerTool(
    'write_draft',
    {
      description: 'Set the recipients, subject and body of the draft.',
      inputSchema: { to: z.array(z.string().email()).min(1), subject: z.string(), body: z.string() },
    },
    async ({ to, subject, body }, extra) => {
      const draft = drafts.get(extra.sessionId!) ?? { author: extra.authInfo?.clientId ?? 'unknown', to, subject, body };
      Object.assign(draft, { to, subject, body });
      drafts.set(extra.sessionId!, draft);
      return { content: [{ type: 'text', text: `Draft to ${to.join(', ')} saved (author ${draft.author}).` }] };
    },
  );

  server.registerTool(
    'append_to_draft',
    { description: 'Append a paragraph to the draft.', inputSchema: { paragraph: z.string() } },
    async ({ paragraph }, extra) => {
      const draft = drafts.get(extra.sessionId!);
      if (!draft) return { content: [{ type: 'text', text: 'No draft yet.' }], isError: true };
      if (!extra.authInfo?.scopes.includes('mail.write')) {
        return { content: [{ type: 'text', text: 'The token lacks the mail.write scope.' }], isError: true };
      }
      draft.body += `\n\n${paragraph}`;
      return { content: [{ type: 'text', text: 'Appended.' }] };
    },
  );

  server.registerTool('preview_draft', { description: 'Show the draft.' }, async (extra) => {
    const draft = drafts.get(extra.sessionId!);
    if (!draft) return { content: [{ type: 'text', text: 'No draft yet.' }], isError: true };
    return { content: [{ type: 'text', text: `To: ${draft.to.join(', ')}\nSubject: ${draft.subject}\n\n${draft.body}` }] };
  });

  return server;
}

/**
 * An e-mail drafting server behind OAuth (SDK v1): every request carries `extra.authInfo` from the
 * bearer token. Drafts are kept per MCP session.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

interface Draft {
  author: string;
  to: string[];
  subject: string;
  body: string;
}

const drafts = new Map<string, Draft>();

/** draft_id handles (mcp-migrate): minted by create_draft, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const draftHandles = createHandleRegistry({
  prefix: 'draft',
  argument: 'draft_id',
  mintTool: 'create_draft',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => drafts.delete(id),
});

export function createDraftServer(): McpServer {
  const server = new McpServer({ name: 'mail-drafts', version: '1.3.0' });

  server.registerTool(
    'write_draft',
    {
      description: 'Set the recipients, subject and body of the draft.',
      inputSchema: { to: z.array(z.string().email()).min(1), subject: z.string(), body: z.string(), draft_id: z.string().max(28).regex(/^draft_[A-Za-z0-9_-]{22}$/, 'Not a draft_id: call create_draft to get one.').describe('The draft_id returned by create_draft.') },
    },
    async ({ to, subject, body, draft_id }, extra) => {
      const draftDenied = draftHandles.check(draft_id, extra);
      if (draftDenied) return draftDenied;
      const draft = drafts.get(draft_id) ?? { author: extra.authInfo?.clientId ?? 'unknown', to, subject, body };
      Object.assign(draft, { to, subject, body });
      drafts.set(draft_id, draft);
      return { content: [{ type: 'text', text: `Draft to ${to.join(', ')} saved (author ${draft.author}).` }] };
    },
  );

  server.registerTool(
    'append_to_draft',
    { description: 'Append a paragraph to the draft.', inputSchema: { paragraph: z.string(), draft_id: z.string().max(28).regex(/^draft_[A-Za-z0-9_-]{22}$/, 'Not a draft_id: call create_draft to get one.').describe('The draft_id returned by create_draft.') } },
    async ({ paragraph, draft_id }, extra) => {
      const draftDenied = draftHandles.check(draft_id, extra);
      if (draftDenied) return draftDenied;
      const draft = drafts.get(draft_id);
      if (!draft) return { content: [{ type: 'text', text: 'No draft yet.' }], isError: true };
      if (!extra.authInfo?.scopes.includes('mail.write')) {
        return { content: [{ type: 'text', text: 'The token lacks the mail.write scope.' }], isError: true };
      }
      draft.body += `\n\n${paragraph}`;
      return { content: [{ type: 'text', text: 'Appended.' }] };
    },
  );

  server.registerTool('preview_draft', { description: 'Show the draft.', inputSchema: { draft_id: z.string().max(28).regex(/^draft_[A-Za-z0-9_-]{22}$/, 'Not a draft_id: call create_draft to get one.').describe('The draft_id returned by create_draft.') } }, async ({ draft_id }, extra) => {
    const draftDenied = draftHandles.check(draft_id, extra);
    if (draftDenied) return draftDenied;
    const draft = drafts.get(draft_id);
    if (!draft) return { content: [{ type: 'text', text: 'No draft yet.' }], isError: true };
    return { content: [{ type: 'text', text: `To: ${draft.to.join(', ')}\nSubject: ${draft.subject}\n\n${draft.body}` }] };
  });

  server.registerTool(
    'create_draft',
    {
      description:
        'Create a new draft and return its draft_id. Pass the draft_id to write_draft, append_to_draft and preview_draft. A draft_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_draft again.',
      inputSchema: {
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same draft_id instead of creating a second draft, for as long as that draft_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
          ),
      },
    },
    async ({ idempotency_key }, extra) => {
      const draft_id = draftHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `draft_id: ${draft_id}` }], structuredContent: { draft_id } };
    },
  );

  return server;
}

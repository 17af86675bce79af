/** Drafts of a writing assistant, one per MCP session (the session id the server factory was handed). */
export interface Draft {
  title: string;
  body: string;
}

class DraftStore {
  // @mcp-migrate-todo(session-state/keyed-store): `this.draftMap` is keyed by the session id and read by the server's tools/call handler, which serves every tool: it is state the tools use, and a 2026-07-28 request has no session id to find it by. Not rewritten: the handles transform gives a handle argument to tools registered one by one, not to a dispatcher. Give the tools that need it a `<noun>_id` argument (in their input schemas), minted by a `create_<noun>` tool and checked against the caller on every call, and key `this.draftMap` by it.
  private draftMap = new Map<string, Draft>();

  open(sessionId: string): void {
    this.draftMap.set(sessionId, { title: '', body: '' });
  }

  current(sessionId: string): Draft | undefined {
    return this.draftMap.get(sessionId);
  }

  close(sessionId: string): void {
    this.draftMap.delete(sessionId);
  }
}

export const draftStore = new DraftStore();

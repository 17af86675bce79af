/** Drafts of a writing assistant, one per MCP session (the session id the server factory was handed). */
export interface Draft {
  title: string;
  body: string;
}

class DraftStore {
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

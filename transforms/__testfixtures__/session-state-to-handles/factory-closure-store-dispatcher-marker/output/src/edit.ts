import { draftStore } from './draft-store.js';

/** Appends to the session's draft: reached from the tools/call handler with the id its factory closed over. */
export function appendToDraft(text: string, sessionId: string) {
  const draft = draftStore.current(sessionId);
  if (!draft) throw new Error(`no draft for session ${sessionId}`);
  draft.body += text;
  return { content: [{ type: 'text' as const, text: `${draft.body.length} characters so far` }] };
}

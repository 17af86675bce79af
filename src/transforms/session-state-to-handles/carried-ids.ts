/** Session ids a handler hands on into the project's own objects: advice only, nothing to rewrite. */
import type { ts } from '../../typescript.js';
import type { SessionRead } from '../../analysis/session-flow.js';
import { fallbackOfRead } from './fallbacks.js';

/**
 * Session ids a handler reads and hands on into the project's own objects (a framework's request context, as in
 * cyanheads/mcp-ts-template's handler factories): no store to re-key and no log line to rename, and the object
 * is the project's API, so nothing is rewritten; each such read gets the advice a person needs to decide.
 */
export function carriedIntoProjectObjects(reads: readonly SessionRead[]): SessionRead[] {
  return reads.filter((read) => read.origin === 'context' && !read.guard && read.sinks.length > 0 && read.sinks.every((s) => s.kind === 'other') && read.sinks.some((s) => s.description === 'stored in an object'));
}

/** The advice for a session id read at `read` and carried into the project's objects (its fallback named, if any). */
export function carriedIdAdvice(read: ts.Node): string {
  const fallback = fallbackOfRead(read);
  const there = fallback ? `there it is ${fallback} (the fallback), the same for every such request` : 'there it is undefined';
  return CARRIED_ID_ADVICE.replace('there it is undefined', there);
}

const CARRIED_ID_ADVICE =
  "the session id is carried into the project's own objects: a 2026-07-28 request has none, so there it is undefined (2025-era clients served through stdio or server-legacy still have one). Nothing may key state or identity by it: state that spans calls travels as an explicit handle a tool returns, identity comes from authInfo, and log lines correlate by the request id.";

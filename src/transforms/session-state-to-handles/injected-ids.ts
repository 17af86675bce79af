/**
 * A session id the project copies by hand into a field of each request's `_meta` (`req.body.params =
 * injectMcpSessionId(req.body.params, sessionId)` in its serving code) and that its handlers read back
 * (`params._meta?.mcpSessionId`), as apify/apify-mcp-server does to key the SDK's task store. The scan reports
 * the copy and every read; before this module apply left them all unmarked.
 *
 * Nothing is rewritten: what the read feeds is the project's choice (a task store keyed per session, a log
 * field, an ACL check), and the value exists only while the serving code that copies it keeps a session (a
 * 2025-era session, or an id the server mints itself per stdio process). A person decides, per read, whether
 * the use goes (the experimental task store is gone from the SDK, SEP-2663), becomes an explicit handle, or
 * correlates by the request id. So each read statement, and each copy no other marker covers, gets one marker
 * that names the other half (the copies for a read, the reads for a copy) and the read's uses, so the two
 * are resolved together.
 *
 * Reads taken: origin `injected`, reported by the scan (`classifyRead`), not already marked for another reason
 * (`skip`). One marker per statement.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { calleeParts, statementOf } from '../../analysis/ast.js';
import type { SessionFlow, SessionRead } from '../../analysis/session-flow.js';
import { classifyRead } from '../../analysis/session-read-verdicts.js';
import { andList } from '../kit/prose.js';

export interface InjectedIdSite {
  /** The statement the marker goes above. */
  statement: ts.Node;
  message: string;
}

export function injectedIdSites(sessions: SessionFlow, skip: ReadonlySet<SessionRead>): InjectedIdSite[] {
  const reads = sessions.reads.filter((read) => read.origin === 'injected' && !skip.has(read) && classifyRead(read, sessions) !== undefined);
  if (reads.length === 0 || sessions.injections.length === 0) return [];
  const out: InjectedIdSite[] = [];
  const covered = (statement: ts.Node) => {
    const sf = statement.getSourceFile();
    return out.some((o) => o.statement.getSourceFile() === sf && o.statement.getStart(sf) <= statement.getStart(sf) && statement.getEnd() <= o.statement.getEnd());
  };
  const fields = [...new Set(sessions.injections.map((i) => i.field))];
  for (const read of [...reads].sort(byPosition)) {
    const statement = statementOf(read.node);
    if (covered(statement)) continue;
    const file = read.node.getSourceFile().fileName;
    const field = ts.isIdentifier(read.node) ? read.node.text : fields[0]!;
    const copies = sessions.injections.filter((i) => i.field === field);
    out.push({ statement, message: readAdvice(field, uses(read), places(file, copies.map((c) => c.node), copyText)) });
  }
  const readFiles = reads.map((r) => r.node);
  for (const injection of [...sessions.injections].sort((a, b) => byPosition({ node: a.node }, { node: b.node }))) {
    const statement = statementOf(injection.node);
    if (covered(statement)) continue;
    const own = readFiles.filter((n) => ts.isIdentifier(n) && n.text === injection.field);
    if (own.length === 0) continue;
    out.push({ statement, message: copyAdvice(injection.field, places(injection.node.getSourceFile().fileName, own, () => '')) });
  }
  return out;
}

/** Every use of the read, each once ("logged by log.debug(); passed to taskStore.listTasks()"): the scan's summary leaves out all but the logs. */
function uses(read: SessionRead): string {
  const all = [...new Set(read.sinks.map((s) => s.description))];
  // A bare "used" says nothing beside the named uses.
  const named = all.length > 1 ? all.filter((d) => d !== 'used') : all;
  return named.length > 0 ? named.join('; ') : 'read';
}

function byPosition(a: { node: ts.Node }, b: { node: ts.Node }): number {
  return a.node.getSourceFile().fileName.localeCompare(b.node.getSourceFile().fileName) || a.node.getStart() - b.node.getStart();
}

/** `injectMcpSessionId(…)` for a helper call, nothing for a bare assignment. */
function copyText(node: ts.Node): string {
  if (!ts.isCallExpression(node)) return '';
  const name = calleeParts(node).name;
  return name ? `\`${name}(…)\`` : '';
}

/** "`injectMcpSessionId(…)` in ../dev_server.ts and ../stdio.ts", paths relative to `from`'s folder ("this file" for `from`). Lines are left out: apply's own markers move them. */
function places(from: string, nodes: readonly ts.Node[], label: (node: ts.Node) => string): string {
  const byLabel = new Map<string, Map<string, number>>();
  for (const node of nodes) {
    const file = node.getSourceFile().fileName;
    const where = file === from ? 'this file' : path.relative(path.dirname(from), file).split(path.sep).join('/');
    const key = label(node);
    const counts = byLabel.get(key) ?? new Map<string, number>();
    counts.set(where, (counts.get(where) ?? 0) + 1);
    byLabel.set(key, counts);
  }
  return [...byLabel]
    .map(([text, counts]) => {
      const where = [...counts].map(([file, n]) => (n > 1 && !text ? `${n} in ${file}` : file));
      const list = andList(where);
      return text ? `${text} in ${list}` : list;
    })
    .join('; ');
}

function readAdvice(field: string, uses: string, copies: string): string {
  return (
    `\`_meta.${field}\` is the session id this project copies into each request by hand (${copies}); here it is read back (${uses}). ` +
    `A 2026-07-28 request has no session id to copy, so it is undefined there unless the serving code mints one itself. ` +
    `Decide per use: state kept across calls under it (a task store, a cache) moves to an explicit handle a tool returns, identity comes from authInfo, log lines correlate by the request id; ` +
    `then remove the copy with the session serving it came from.`
  );
}

function copyAdvice(field: string, reads: string): string {
  return (
    `this fills \`_meta.${field}\` of each request, which the handlers read back as the session id (reads: ${reads}; each marked). ` +
    `A 2026-07-28 request has no MCP session id to fill it with, and an id minted here per process (as a stdio entry point does) names the process, not a client: ` +
    `resolve those reads first (an explicit handle, authInfo or the request id), then remove this copy together with the serving code it belongs to.`
  );
}

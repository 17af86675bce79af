/**
 * Objects a session's set-up builds and hands to its server (a browser backend per connection, as in
 * playwright-mcp's `connect(serverBackendFactory, transport)`): no map keyed by the session id, so nothing for
 * the store rewrite to re-key, yet the object is state that spans calls exactly like one. Which object a call
 * means then travels as a handle, and the server that dispatches to it has to look it up per call: a change of
 * the project's dispatcher and of its minting tool that is the maintainer's to design. Each such server
 * creation gets one marker saying what to build, with the names the rewrite would have used.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, unwrap } from '../../analysis/ast.js';
import { CONNECT_METHOD } from '../../analysis/sdk-modules.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { sessionConnection } from '../../analysis/session-servers.js';
import { handleNames, nounOf } from './naming.js';

interface PerSessionObjects {
  /** The server's creation (`createServer(backend)`), where the marker goes. */
  creation: ts.Expression;
  /** Class names of the objects handed to the server, in source order, each once. */
  classes: string[];
  advice: string;
}

export function perSessionObjects(result: AnalysisResult): PerSessionObjects[] {
  const { values } = result.analysis;
  const out: PerSessionObjects[] = [];
  const seen = new Set<ts.Node>();
  for (const sf of result.sourceFiles) {
    forEachDescendant(sf, (node) => {
      if (!ts.isCallExpression(node) || calleeParts(node).name !== CONNECT_METHOD) return;
      const connection = sessionConnection(values, node);
      const creation = connection?.creation && (unwrap(connection.creation) as ts.Expression);
      if (!connection || connection.shared || !creation || seen.has(creation)) return;
      // What the server factory builds for itself (a promise, a cache of its own) goes with the server per
      // request; what the set-up hands it is the state the session kept.
      const factory = ts.isCallExpression(creation) ? values.functionOfCall(creation) : undefined;
      const handed = connection.state.filter((made) => !factory || !(factory.pos <= made.pos && made.end <= factory.end));
      const built = handed.map((made) => made.expression.getText());
      const classes = [...new Set(built)];
      if (classes.length === 0) return;
      seen.add(creation);
      out.push({ creation, classes, advice: advice(creation, classes, handedName(creation), mostBuilt(built)) });
    });
  }
  return out;
}

/** `backend` in `createServer(backend)`: the name the project gives the object, when it passes one variable. */
function handedName(creation: ts.Expression): string | undefined {
  const args = ts.isCallExpression(creation) || ts.isNewExpression(creation) ? (creation.arguments ?? []) : [];
  const named = args.map((a) => unwrap(a)).filter(ts.isIdentifier);
  return named.length === 1 ? named[0]!.text : undefined;
}

/** Words of a class name that say what kind of object it is, not what it holds (`BrowserServerBackend` → browser). */
const ROLE_WORDS = new Set(['server', 'backend', 'context', 'manager', 'client', 'session', 'instance', 'impl', 'service', 'handler', 'mcp']);

/**
 * The class the session set-ups build most often, when one does (playwright-mcp's factories build
 * `BrowserServerBackend` in two set-ups, `ProxyBackend` and `LoopToolsServerBackend` in one each): the object a
 * session usually holds, so the handle is named after it.
 */
function mostBuilt(built: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const name of built) counts.set(name, (counts.get(name) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  return ranked.length > 1 && ranked[0]![1] > ranked[1]![1] ? ranked[0]![0] : undefined;
}

/** The first word of a class name that says what it holds, not what kind of object it is. */
function tellingWord(className: string): string | undefined {
  return className.split(/(?<=[a-z0-9])(?=[A-Z])/).map((w) => w.toLowerCase()).find((w) => !ROLE_WORDS.has(w) && /^[a-z][a-z0-9]*$/.test(w));
}

/** The noun of the handle: the one (or most built) class's first telling word, else the name the project gives the object. */
function nounFor(classes: readonly string[], name: string | undefined, usual: string | undefined): string {
  const named = classes.length === 1 ? classes[0] : usual;
  const word = named && tellingWord(named);
  if (word) return word;
  return name ? nounOf(name) : nounOf(classes[0]!);
}

function advice(creation: ts.Expression, classes: readonly string[], name: string | undefined, usual: string | undefined): string {
  const names = handleNames(nounFor(classes, name, usual), 'snake');
  const server = creation.getText().replace(/\s+/g, ' ').slice(0, 60);
  const objects = classes.map((c) => `\`${c}\``).join(', ');
  return (
    `\`${server}\` runs once per session, with ${objects}${name ? ` (\`${name}\`)` : ''} made for it: one object per connection, shared by every call of it. ` +
    `On 2026-07-28 a server is built per request, so the object would be made, and lost, on every call. Make it a handle: ` +
    `a \`${names.mintTool}\` tool (or the tool that already opens it) builds it, keeps it in a registry bound to the caller with expiry ` +
    `(createHandleRegistry, as the handles transform generates in mcp-handles) and returns a \`${names.argument}\`; every other tool takes \`${names.argument}\`, ` +
    `is refused unless the caller owns it, and dispatches to that object; close the object when its handle expires.`
  );
}

/**
 * `--target stateless-v1` for the helper-registry shape (session-registry.ts): SDK 1.x has no stateless
 * handler, so the listener's branches are rewritten one by one, the one that opened sessions into the per-POST
 * idiom and the ones that only served existing sessions into a 405.
 */
import { ts } from '../../typescript.js';
import { isFunctionLike } from '../../analysis/ast.js';
import { isAsync, localNames } from './text.js';
import type { ServingSite } from './serving-site-view.js';
import type { DispatchSite } from './session-routing.js';
import { placeOf } from './syntax-queries.js';

/**
 * The per-POST idiom for the branch that opened sessions (a server from the factory and a
 * `sessionIdGenerator: undefined` transport, closed when the response closes), and 405 for the branches that
 * only served existing sessions. Needs the node:http response to close on and to answer with.
 */
export function statelessV1Branches(site: ServingSite, sites: readonly DispatchSite[], factoryCall: string, transport: ts.NewExpression, options: Record<string, ts.Node>): Map<DispatchSite, string[]> | string {
  const out = new Map<DispatchSite, string[]>();
  const q = (t: string) => site.q(t);
  const u = site.unit;
  for (const branch of sites) {
    const res = branch.listener.parameters[1];
    if (!res || !ts.isIdentifier(res.name)) return 'the request listener does not name its response parameter.';
    const r = res.name.text;
    if (branch.opens) {
      if (!isAsync(branch.listener)) return 'the request listener is not async.';
      const taken = visibleNames(branch.block);
      let server = 'server';
      for (let i = 2; taken.has(server); i++) server = `server${i}`;
      const json = options.enableJsonResponse ? `, enableJsonResponse: ${options.enableJsonResponse.getText(site.sf)}` : '';
      out.set(branch, [
        `const ${server} = ${factoryCall};`,
        `const ${branch.receiver.text} = new ${transport.expression.getText(site.sf)}({ sessionIdGenerator: undefined${json} });`,
        `${r}.on(${q('close')}, () => {`,
        `${u}void ${branch.receiver.text}.close();`,
        `${u}void ${server}.close();`,
        `});`,
        `await ${server}.connect(${branch.receiver.text});`,
      ]);
    } else {
      if (!ts.isIfStatement(branch.block.parent) || branch.block.parent.thenStatement !== branch.block) return `the branch serving existing sessions ${placeOf(branch.call)} is not the block of an \`if\`.`;
      out.set(branch, [
        `${r}.writeHead(405, { Allow: ${q('POST')}, ${q('Content-Type')}: ${q('application/json')} }).end(JSON.stringify({ jsonrpc: ${q('2.0')}, error: { code: -32000, message: ${q('Method not allowed.')} }, id: null }));`,
        `return;`,
      ]);
    }
  }
  return out;
}

/** Names declared in the blocks and functions around `node` (and anywhere in its function): a new local must not shadow or clash. */
function visibleNames(node: ts.Node): Set<string> {
  const out = new Set<string>();
  let nearest: ts.Node | undefined;
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (ts.isBlock(current) || ts.isSourceFile(current)) for (const s of current.statements) for (const n of statementNames(s)) out.add(n);
    if (isFunctionLike(current)) {
      nearest ??= current;
      for (const p of current.parameters) if (ts.isIdentifier(p.name)) out.add(p.name.text);
    }
  }
  // Names the listener declares anywhere (a later `const server`) would clash too; a helper's own locals would not.
  if (nearest) for (const n of localNames(nearest)) out.add(n);
  return out;
}

function statementNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) return [statement.name.text];
  return [];
}

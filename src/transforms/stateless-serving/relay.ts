/**
 * Streamable HTTP transports that relay a session to a server held elsewhere (example-remote-server's Redis
 * relay): each session's server is connected to a transport class of the project (one implementing the SDK's
 * `Transport`), and the HTTP transport is handed to a project function that carries messages between the two,
 * so any instance can serve any session. A stateless entry builds its server where each request lands: the
 * relay has nothing left to carry. Not rewritten (the relay spans modules); the marker says what goes.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, unwrap } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { implementsSdkTransport } from '../../analysis/transport-classes.js';

export interface TransportRelay {
  /** The project function the HTTP transport is handed to (`redisRelayToMcpServer`). */
  relay: string;
  /** The project transport classes the sessions' servers are connected to (`ServerRedisTransport`). */
  serverTransports: string[];
}

/** The relay `transport` is wired to, when the project serves its sessions' servers over a transport of its own. */
export function transportRelay(result: AnalysisResult, transport: ts.NewExpression): TransportRelay | undefined {
  const serverTransports = projectTransportClasses(result);
  if (serverTransports.length === 0) return undefined;
  const fn = enclosingFunction(transport);
  const holder = transport.parent;
  const bound = holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name : holder && ts.isBinaryExpression(holder) && ts.isIdentifier(holder.left) ? holder.left : undefined;
  const symbol = bound && result.analysis.values.symbolOf(bound);
  if (!fn || !symbol) return undefined;
  let relay: string | undefined;
  forEachDescendant(fn, (node) => {
    if (relay || !ts.isCallExpression(node)) return;
    const passed = node.arguments.some((a) => ts.isIdentifier(unwrap(a)) && result.analysis.values.symbolOf(unwrap(a)) === symbol);
    if (passed && result.analysis.values.calls.functionOfCall(node) && !result.analysis.sdk.exportOf(node.expression)) relay = calleeParts(node).name;
  });
  return relay ? { relay, serverTransports } : undefined;
}

/** Classes of the project that implement the SDK's `Transport` and are instantiated somewhere. */
function projectTransportClasses(result: AnalysisResult): string[] {
  const classes = new Set<string>();
  const created = new Set<string>();
  for (const sf of result.sourceFiles) {
    forEachDescendant(sf, (node) => {
      if (ts.isClassDeclaration(node) && node.name) {
        if (implementsSdkTransport(result.analysis, node)) classes.add(node.name.text);
      }
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) created.add(node.expression.text);
    });
  }
  return [...classes].filter((c) => created.has(c));
}


/**
 * A server whose log sender the project replaces with its own: `server.sendLoggingMessage = async (params) =>
 * { if (levelOf(params) >= this.currentLogLevel) await original(params) }`, the original kept with
 * `const original = server.sendLoggingMessage.bind(server)`. The replacement filters every log message by the
 * level a `logging/setLevel` handler stored for the session. Moving a call onto its request (`extra.sendNotification`,
 * `ctx.mcpReq.log`) would skip that filter, so 2025-era clients would get messages below the level they asked for:
 * such calls are marked, not rewritten. On 2026-07-28 the level comes with each request and `ctx.mcpReq.log` filters
 * by it, so the filter and its setLevel handler are legacy-only; they go together once the server moves.
 */
import { quotedCode } from '../kit/prose.js';
import path from 'node:path';
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { isServerKind } from '../../analysis/value.js';

export interface LevelProxies {
  /** `x.sendLoggingMessage = …` of a server: where, for the advice. */
  readonly assignments: readonly ts.BinaryExpression[];
  /** Whether the call's receiver is a server whose log sender the project replaced. */
  proxiedCall(call: ts.CallExpression): boolean;
  /** Whether `receiver` is a server whose log sender the project replaced. */
  proxied(receiver: ts.Expression): boolean;
  /** Whether `access` (`x.sendLoggingMessage`) keeps the original sender a replacement calls. */
  keepsOriginal(access: ts.PropertyAccessExpression): boolean;
}

export function levelProxies(result: AnalysisResult, methods: ReadonlySet<string>): LevelProxies {
  const { values } = result.analysis;
  const { checker } = values;
  const assignments: ts.BinaryExpression[] = [];
  for (const sf of result.sourceFiles) {
    if (sf.isDeclarationFile) continue;
    forEachDescendant(sf, (node) => {
      if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
      const left = node.left;
      if (ts.isPropertyAccessExpression(left) && methods.has(left.name.text) && isServerKind(values.valueOf(left.expression))) assignments.push(node);
    });
  }
  /** The receiver's binding (`server`, the class property `this.server`), to tell one server from another. */
  const bindingOf = (receiver: ts.Expression): ts.Symbol | undefined => {
    const name = ts.isPropertyAccessExpression(receiver) ? receiver.name : receiver;
    return checker.getSymbolAtLocation(name);
  };
  const replaced = new Set(assignments.map((a) => bindingOf((a.left as ts.PropertyAccessExpression).expression)).filter((s): s is ts.Symbol => !!s));
  const sameReceiver = (receiver: ts.Expression): boolean => {
    const symbol = bindingOf(receiver);
    return !!symbol && replaced.has(symbol);
  };
  return {
    assignments,
    proxiedCall(call) {
      const { receiver } = calleeParts(call);
      return !!receiver && sameReceiver(receiver);
    },
    proxied: sameReceiver,
    keepsOriginal(access) {
      if (!sameReceiver(access.expression)) return false;
      // The original, saved before it is replaced: `const original = x.sendLoggingMessage[.bind(x)]`.
      let node: ts.Node = access;
      if (ts.isPropertyAccessExpression(node.parent) && node.parent.name.text === 'bind' && ts.isCallExpression(node.parent.parent)) node = node.parent.parent;
      return ts.isVariableDeclaration(node.parent) && node.parent.initializer === node;
    },
  };
}

/** Where the first replacement is, for the advice: the function assigning it (lines move as markers go in), with its file when it is another. */
function whereReplaced(proxies: LevelProxies, from: ts.SourceFile): string {
  const first = proxies.assignments[0]!;
  const sf = first.getSourceFile();
  let fn: ts.Node | undefined = first.parent;
  while (fn && !ts.isFunctionDeclaration(fn) && !ts.isMethodDeclaration(fn) && !ts.isConstructorDeclaration(fn)) fn = fn.parent;
  const name = fn && (ts.isConstructorDeclaration(fn) ? 'constructor' : fn.name?.getText(sf));
  const file = sf === from ? '' : ` of ${path.basename(sf.fileName)}`;
  return name ? `in \`${name}\`${file}` : `at ${quotedCode(first)}${file}`;
}

/** A log call in a handler, through the replaced sender: left, and why. */
export function proxiedAdvice(proxies: LevelProxies, from: ts.SourceFile): string {
  return `sendLoggingMessage in a request handler, not moved onto the request: this server's sendLoggingMessage is replaced by the project's level filter (assigned ${whereReplaced(proxies, from)}), and the request-scoped send would skip it, so 2025-era clients would get messages below the level they set. On 2026-07-28 the level comes with each request (_meta io.modelcontextprotocol/logLevel) and ctx.mcpReq.log(level, data, logger) filters by it: when the server moves to SDK v2, log with ctx.mcpReq.log here and keep the filter (with its logging/setLevel handler) only for 2025-era clients.`;
}

/** The original sender a replacement keeps: left, and why. */
export function originalKeptAdvice(): string {
  return 'the original sendLoggingMessage, kept so a replacement can filter log messages by the level logging/setLevel stored for the session: 2025-era behaviour only. On 2026-07-28 there is no session level; the client sends the level with each request (_meta io.modelcontextprotocol/logLevel) and ctx.mcpReq.log(level, data, logger) filters by it. Keep the filter for 2025-era clients, and remove it with the setLevel handler when they are gone.';
}

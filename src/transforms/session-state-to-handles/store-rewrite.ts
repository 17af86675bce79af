/**
 * The rewrite of one session-keyed store into handles: every edit it needs, computed before any is kept, or a
 * `CannotRewrite` at the first site it cannot rewrite safely (the caller marks the store instead).
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, outermostWrapper, propertyNameText, unwrap, statementOf } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import type { StoreModel } from '../../analysis/reach.js';
import type { SessionRead, Sink } from '../../analysis/session-flow.js';
import type { ToolRegistration } from '../../analysis/tools.js';
import { handlerContextOf, sdkMajorOfFile, TOOL_REGISTRATION } from '../../analysis/sdk-modules.js';
import { isServerKind } from '../../analysis/value.js';
import { helperAlwaysRegisters, registrationHelperOf } from '../../analysis/handler-registrations.js';
import type { TextEdit } from '../kit/edits.js';
import type { HandleNames, TransformOptions } from '../kit/plan.js';
import { packageDirOf } from '../kit/package-json.js';
import { describeDuration } from '../kit/duration.js';
import { inStatementList } from '../kit/removal-range.js';
import { andList } from '../kit/prose.js';
import { CannotRewrite, importEdits } from '../kit/handler-sites.js';
import { afterImports, flavourOf, importAnchor, importSpecifier, importStatement, indentAt, indentUnit, zodName, type ModuleFlavour } from '../kit/source-style.js';
import { keyPrefix } from './client-stores.js';
import { contextParameter, dropStaleCodemodComment, insertCallerCheck, needsParameterTypes, returnsOf, withFallback } from './handler-edits.js';
import { lowLevelMintingBranch, lowLevelMintingEntry, mintingToolDescription, mintingToolRegistration, mintingToolResult } from './minting-tool.js';
import { handleNames, nounOf, styleOf } from './naming.js';
import { asClassField, expiryCallback, registryDeclaration, topLevelStatement } from './registry-declaration.js';
import { addBindingElement, addJsonSchemaProperty, addProperty, addTypeMember, descriptionLiteral } from './schema-edits.js';
import { handleArgumentJsonSchema, handleArgumentZod, idempotencyKeyZod, lifetimeText } from './schema-text.js';

/** The member of a v1 handler context holding its transport's session id (`extra.sessionId`); v2's context has none. */
const V1_CONTEXT_SESSION_ID = handlerContextOf(1).sessionId!;

/** `target`: on SDK 1.x (`stateless-v1`, or a held-back move) advice names no SDK v2 API. */
export type HandlesOptions = Pick<TransformOptions, 'ttlMs' | 'maxAgeMs'> & Partial<Pick<TransformOptions, 'target' | 'testFiles'>>;

interface ToolEdits {
  tool: ToolRegistration;
  /** The expression that denotes the handle inside this tool's handler. */
  handle: string;
}

export class StoreRewrite {
  names: HandleNames;
  /** An existing tool that creates the state (`open_browser`): it mints the handle instead of a new `create_<noun>`. */
  private creator: ToolRegistration | undefined;
  minting: 'new-tool' | 'existing-tool' = 'new-tool';
  /** Context types of registration helpers already given the caller's `authInfo` (widenHelperContextType). */
  private readonly widened = new Set<ts.Node>();
  private readonly edits: TextEdit[] = [];
  private readonly tools = new Map<ToolRegistration, ToolEdits>();
  private readonly converted = new Set<string>();
  /** Context patterns whose `sessionId` binding now holds the caller's identity (or went beside it). */
  private readonly destructured = new Set<ts.ObjectBindingPattern | ts.ArrayBindingPattern>();
  private readonly byHandler = new Map<ts.FunctionLikeDeclaration, ToolRegistration[]>();
  private readonly ttlMs: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly result: AnalysisResult,
    private readonly model: StoreModel,
    options: HandlesOptions,
    private readonly moduleFor: (sf: ts.SourceFile) => { path: string; flavour: ModuleFlavour },
  ) {
    for (const tool of result.analysis.tools) {
      if (!tool.handler) continue;
      this.byHandler.set(tool.handler, [...(this.byHandler.get(tool.handler) ?? []), tool]);
    }
    this.ttlMs = options.ttlMs;
    this.maxAgeMs = options.maxAgeMs;
    const anchor = model.tools[0];
    const style = styleOf(anchor ? this.toolsInFile(anchor.call.getSourceFile()).map((t) => t.name) : []);
    const named = keyPrefix(model) || model.store.name;
    // Not an argument a tool that takes the handle already has (`userManager` → `user_id` beside a tool's own `user_id`,
    // review 44 S44-2): the name with its role word (`manager_id`) then, else no handle.
    const inputs = model.tools.map(inputNamesOf);
    const taken = new Set(inputs.flatMap((i) => i.names));
    // Names that cannot all be read (a spread, a schema extended elsewhere, review 44b S44b-2): the name with its role word.
    const unknown = inputs.some((i) => !i.complete);
    const candidates = [...new Set(unknown ? [nounOf(named, true)] : [nounOf(named), nounOf(named, true)])].map((noun) => handleNames(noun, style));
    const free = candidates.find((names) => !taken.has(names.argument));
    if (!free) throw new CannotRewrite(`the tools that would take the handle already have an argument \`${candidates[0]!.argument}\``, this.site());
    this.names = free;
  }

  toolNames(): string[] {
    return [...this.tools.keys()].map((t) => t.name);
  }

  /** The tools that take the handle (everything but the creator). */
  private userNames(): string[] {
    return [...this.tools.keys()].filter((t) => t !== this.creator).map((t) => t.name);
  }

  /** The one tool named like a creator (`open_`, `create_`, `start…`) that alone writes the store, if any. */
  private findCreator(): ToolRegistration | undefined {
    // A write only that tool reaches: a get-or-create helper every tool calls creates lazily, not by name.
    const writers = new Set<ToolRegistration>();
    for (const access of this.model.accesses) {
      if (!isWrite(access.sink)) continue;
      const tools = new Set(access.paths.map((p) => p.tool));
      if (tools.size === 1) writers.add([...tools][0]!);
    }
    const candidates = [...writers].filter((t) => CREATOR_NAME.test(t.name));
    if (candidates.length !== 1) return undefined;
    const creator = candidates[0]!;
    // The creator reads a field of the entry that another tool writes (`create_workspace` reads the `token` that `login`
    // stored, sweep 32 AF6): it needs that tool to have run first, on the same entry, so it cannot be what mints the
    // handle that tool takes. A generated minting tool comes first instead.
    // What a get-or-create creator starts a missing entry with (`?? { items: [] }`) is its own, whoever adds to it later.
    const startedByCreator = this.entryFields(creator, 'init');
    const readByCreator = [...this.entryFields(creator, 'read')].filter((field) => !startedByCreator.has(field));
    const writtenByOthers = new Set([...this.tools.keys(), ...this.model.tools].filter((t) => t !== creator).flatMap((t) => [...this.entryFields(t, 'write')]));
    return readByCreator.some((field) => writtenByOthers.has(field)) ? undefined : creator;
  }

  /**
   * The fields of the store's entry a tool reads, writes, or gives a starting value (`init`: the object literal a
   * read falls back to, `store.get(sid) ?? { items: [] }`, which a get-or-create creator then reads as its own). Reads
   * and writes go through a local holding what the tool got from the store (`const state = store.get(sid) ?? {}`, then
   * `state.token`, `state.token = …`), a destructuring of it (`const { token } = store.get(sid) ?? {}`) or an access on
   * the read itself (`store.get(sid)?.token`); writes also through the object literal a tool stores (`store.set(sid, { token })`).
   */
  private entryFields(tool: ToolRegistration, kind: 'read' | 'write' | 'init'): Set<string> {
    const fields = new Set<string>();
    const add = (name: ts.PropertyName | ts.BindingName | undefined): void => {
      const text = name && !ts.isObjectBindingPattern(name) && !ts.isArrayBindingPattern(name) ? propertyNameText(name) : undefined;
      if (text) fields.add(text);
    };
    const isAssigned = (access: ts.Node): boolean => ts.isBinaryExpression(access.parent) && access.parent.left === access && access.parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && access.parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
    const take = (access: ts.PropertyAccessExpression): void => {
      if (isAssigned(access) === (kind === 'write')) fields.add(access.name.text);
    };
    for (const access of this.model.accesses) {
      if (!access.paths.some((p) => p.tool === tool)) continue;
      const written = access.sink.written && unwrap(access.sink.written);
      if (kind === 'write' && written && ts.isObjectLiteralExpression(written)) for (const p of written.properties) add(p.name);
      if (isWrite(access.sink)) continue;
      const read = outermostWrapper(access.sink.node);
      // `store.get(sid)?.token` (through `!`, parentheses, `await`).
      let direct: ts.Node = read;
      while (direct.parent && (ts.isNonNullExpression(direct.parent) || ts.isParenthesizedExpression(direct.parent) || ts.isAwaitExpression(direct.parent))) direct = direct.parent;
      if (ts.isPropertyAccessExpression(direct.parent) && direct.parent.expression === direct) {
        if (kind !== 'init') take(direct.parent);
        continue;
      }
      let holder: ts.Node = read;
      while (holder.parent && (ts.isBinaryExpression(holder.parent) || ts.isAwaitExpression(holder.parent) || ts.isParenthesizedExpression(holder.parent))) {
        // `?? { items: [] }`: what a missing entry starts as.
        const fallback = ts.isBinaryExpression(holder.parent) && holder.parent.left === holder ? unwrap(holder.parent.right) : undefined;
        if (kind === 'init' && fallback && ts.isObjectLiteralExpression(fallback)) for (const p of fallback.properties) add(p.name);
        holder = holder.parent;
      }
      const decl = holder.parent;
      if (kind === 'init' || !decl || !ts.isVariableDeclaration(decl)) continue;
      if (ts.isObjectBindingPattern(decl.name)) {
        if (kind === 'read') for (const element of decl.name.elements) add(element.propertyName ?? element.name);
        continue;
      }
      if (!ts.isIdentifier(decl.name)) continue;
      for (const ref of this.result.analysis.sessions.referencesOf(decl.name)) {
        const member = ref.parent;
        if (ts.isPropertyAccessExpression(member) && member.expression === ref) take(member);
      }
    }
    return fields;
  }

  run(): TextEdit[] {
    this.creator = this.findCreator();
    if (this.creator) {
      this.names = { ...this.names, mintTool: this.creator.name };
      this.minting = 'existing-tool';
    }
    const { store, accesses } = this.model;
    if (this.model.tools.length === 0) throw new CannotRewrite('no tool reaches this store', this.site());
    for (const access of accesses) {
      if (access.paths.length === 0 && !isLifecycleCleanup(access.sink)) {
        throw new CannotRewrite('the store is also used outside tool handlers', access.sink.node);
      }
      if (access.sink.derivedKey && !isTemplateKey(access.sink)) {
        throw new CannotRewrite('the key is computed from the session id in a way the handle cannot replace', access.sink.node);
      }
    }
    this.checkOtherUses();
    for (const read of store.reads) this.rewriteRead(read);
    if (this.tools.size === 0) throw new CannotRewrite('no session id read inside a tool could be replaced', this.site());
    for (const access of accesses) if (access.paths.length === 0) this.removeCleanup(access.sink);
    for (const entry of this.tools.values()) {
      if (entry.tool === this.creator) this.rewriteCreator(entry);
      else this.rewriteTool(entry);
    }
    this.addRegistry();
    if (!this.creator) this.addMintingTool();
    for (const tool of this.tools.keys()) this.widenHelperContextType(tool);
    return this.edits;
  }

  /** Whether the tool is registered through the project's own helper (`registrationHelperOf`), not on the server. */
  private viaHelper(tool: ToolRegistration): boolean {
    const { receiver } = calleeParts(tool.call);
    if (tool.api !== TOOL_REGISTRATION || (receiver && isServerKind(this.result.analysis.values.valueOf(receiver)))) return false;
    return registrationHelperOf(this.result.analysis.values, tool.call) === TOOL_REGISTRATION;
  }

  /**
   * A tool registered through the project's helper (sweep 32 AF1) has its context typed by the helper's handler type
   * (`handler: (args: any, extra: { sessionId?: string }) => …`): the handle check reads the caller's `authInfo` from
   * it, which the SDK's context has and that type does not declare. The type gets the member (once per type), in the
   * shape the check reads, so the handlers keep compiling.
   */
  private widenHelperContextType(tool: ToolRegistration): void {
    if (!this.viaHelper(tool)) return;
    const helper = this.result.analysis.values.calls.functionOfCall(tool.call);
    const handlerType = helper?.parameters[tool.call.arguments.length - 1]?.type;
    if (!handlerType || !ts.isFunctionTypeNode(handlerType)) return;
    let type = handlerType.parameters[tool.contextIndex]?.type;
    // `extra: RequestContext`, the project's own interface or alias of a type literal.
    if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
      const declaration = this.result.analysis.values.symbolOf(type.typeName)?.declarations?.find((d) => ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d));
      if (declaration && ts.isInterfaceDeclaration(declaration)) return this.addCallerMember(declaration.members, declaration);
      type = declaration && ts.isTypeAliasDeclaration(declaration) ? declaration.type : undefined;
    }
    if (type && ts.isTypeLiteralNode(type)) this.addCallerMember(type.members, type);
  }

  private addCallerMember(members: ts.NodeArray<ts.TypeElement>, owner: ts.TypeLiteralNode | ts.InterfaceDeclaration): void {
    if (this.widened.has(owner) || members.some((m) => ['authInfo', 'http'].includes(propertyNameText(m.name) ?? ''))) return;
    this.widened.add(owner);
    const sf = owner.getSourceFile();
    const member = 'authInfo?: { clientId?: string; extra?: Record<string, unknown> }';
    const last = members[members.length - 1];
    if (!last) {
      const open = owner.getChildren(sf).find((c) => c.kind === ts.SyntaxKind.OpenBraceToken);
      if (open) this.insert(sf, open.end, ` ${member} `);
    } else if (/[;,]$/.test(last.getText(sf))) this.insert(sf, last.end, ` ${member};`);
    else this.insert(sf, last.end, `; ${member}`);
  }

  /**
   * Every other use of a declared store must be in code that tools reach: an admin route or a
   * timer reading it by the old key would silently stop finding anything once it is re-keyed.
   */
  private checkOtherUses(): void {
    const decl = this.model.store.declaration;
    const name = decl && (decl as { name?: ts.Node }).name;
    if (!name || !ts.isIdentifier(name)) return;
    const accessNodes = this.model.accesses.map((a) => a.sink.node);
    for (const ref of this.result.analysis.sessions.referencesOf(name)) {
      if (accessNodes.some((node) => node.pos <= ref.pos && ref.end <= node.end && node.getSourceFile() === ref.getSourceFile())) continue;
      if (this.result.analysis.reach.toolsReaching(ref).length > 0) continue;
      throw new CannotRewrite('the store is also used outside tool handlers', ref);
    }
  }

  private site(): ts.Node {
    return this.model.store.declaration ?? this.model.accesses[0]!.sink.node;
  }

  private toolsInFile(sf: ts.SourceFile): ToolRegistration[] {
    return this.result.analysis.tools.filter((t) => t.call.getSourceFile() === sf);
  }

  private edit(node: ts.Node, text: string, start = node.getStart(node.getSourceFile()), end = node.end): void {
    this.edits.push({ file: node.getSourceFile().fileName, start, end, text });
  }

  private insert(sf: ts.SourceFile, offset: number, text: string): void {
    this.edits.push({ file: sf.fileName, start: offset, end: offset, text });
  }

  private removeCleanup(sink: Sink): void {
    const statement = cleanupStatement(sink)!;
    const sf = statement.getSourceFile();
    const note = `${this.names.argument} handles expire after ${describeDuration(this.ttlMs)} idle (mcp-migrate): no per-session cleanup of ${this.model.store.name}.`;
    // A line comment only where the line ends with the statement: code after it on the line (`{ visits.delete(id); }`)
    // would be commented out with it (sweep 38 AL6). A brace-less body (`if (id) visits.delete(id);`) keeps a statement.
    const lineEnd = sf.text.indexOf('\n', statement.end);
    const restOfLine = sf.text.slice(statement.end, lineEnd < 0 ? sf.text.length : lineEnd).trim();
    const text = !inStatementList(statement) ? `{ /* ${note} */ }` : restOfLine === '' ? `// ${note}` : `/* ${note} */`;
    this.edit(statement, text, statement.getStart(sf), statement.end);
  }

  /** The session id at `read` becomes the handle. */
  private rewriteRead(read: SessionRead): void {
    if (read.guard) return;
    const storeSinks = read.sinks.filter((s) => this.model.store.accesses.includes(s));
    if (storeSinks.length === 0) return;
    if (read.origin !== 'context') {
      if (storeSinks.every((s) => isLifecycleCleanup(s) && this.model.accesses.find((a) => a.sink === s)?.paths.length === 0)) return;
      throw new CannotRewrite(`the key comes from the ${read.origin === 'header' ? 'mcp-session-id header' : read.origin === 'injected' ? 'session id the project copies into the request `_meta`' : 'transport'}, outside any tool`, read.node);
    }
    const access = read.node.parent;
    if (access && ts.isPropertyAccessExpression(access) && access.name === read.node) {
      this.replaceContextRead(access, unwrap(access.expression));
      return;
    }
    if (ts.isBindingElement(read.node.parent) || ts.isBindingElement(read.node)) {
      this.replaceDestructuredRead((ts.isBindingElement(read.node) ? read.node : read.node.parent) as ts.BindingElement);
      return;
    }
    throw new CannotRewrite('unrecognised session id read', read.node);
  }

  /**
   * `async ({ sku }, { sessionId }) =>` in a tool handler: every use of the binding becomes the
   * handle, and the binding itself becomes the caller's identity the check needs (`authInfo` in v1,
   * `http` in v2) or goes when the pattern already has it.
   */
  private replaceDestructuredRead(element: ts.BindingElement): void {
    const pattern = element.parent;
    const param = pattern.parent;
    const fn = ts.isParameter(param) ? param.parent : undefined;
    const tools = fn && ts.isObjectBindingPattern(pattern) && ts.isFunctionLike(fn) ? this.handlerTools(fn as ts.FunctionLikeDeclaration) : undefined;
    if (!tools || !ts.isIdentifier(element.name) || element.dotDotDotToken) throw new CannotRewrite('the session id is destructured from a context that is not a tool handler\'s parameter', element);
    if (this.destructured.has(pattern) || !ts.isObjectBindingPattern(pattern)) return;
    const sf = element.getSourceFile();
    const handle = this.toolHandle(tools, element);
    for (const ref of this.result.analysis.sessions.referencesOf(element.name)) {
      const parent = outermostWrapper(ref).parent;
      if (parent && (ts.isBinaryExpression(parent) && parent.left === outermostWrapper(ref) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken)) {
        throw new CannotRewrite('the destructured session id is assigned to', ref);
      }
      if (ts.isShorthandPropertyAssignment(ref.parent)) this.edit(ref, `${ref.text}: ${handle}`);
      else this.edit(withFallback(ref), handle, withFallback(ref).getStart(sf), withFallback(ref).end);
    }
    const major = sdkMajorOfFile(sf) ?? this.packageMajor(sf.fileName);
    const identity = major === 2 ? 'http' : 'authInfo';
    const elements = pattern.elements;
    const hasIdentity = elements.some((e) => propertyNameText(e.propertyName ?? (e.name as ts.Identifier)) === identity);
    this.destructured.add(pattern);
    if (!hasIdentity) {
      this.edit(element, identity);
      return;
    }
    const index = elements.indexOf(element);
    const next = elements[index + 1];
    if (next) this.edit(element, '', element.getStart(sf), next.getStart(sf));
    else this.edit(element, '', elements[index - 1]!.end, element.end);
  }

  /** `extra.sessionId` (optionally `?? fallback`) → the handle in scope. */
  private replaceContextRead(access: ts.Expression, object: ts.Node): void {
    const fn = enclosingFunction(access);
    if (!fn) throw new CannotRewrite('session id read outside a function', access);
    const handle = this.handleInFunction(fn, object, access);
    this.edit(withFallback(access), handle, withFallback(access).getStart(access.getSourceFile()), withFallback(access).end);
  }

  /**
   * The handle expression inside `fn`, where `object` is the context the id was read from: the
   * tool's argument in a handler; in a helper, the helper's context parameter becomes the handle.
   */
  private handleInFunction(fn: ts.FunctionLikeDeclaration, object: ts.Node, at: ts.Node): string {
    const tools = this.handlerTools(fn);
    if (tools) return this.toolHandle(tools, at);
    if (!ts.isIdentifier(object)) throw new CannotRewrite('the context is not a parameter of the helper', at);
    const decl = this.result.analysis.values.symbolOf(object)?.valueDeclaration;
    if (!decl || !ts.isParameter(decl) || decl.parent !== fn) throw new CannotRewrite('the context is not a parameter of the helper', at);
    this.convertParameter(fn, fn.parameters.indexOf(decl));
    return this.names.argument;
  }

  private handlerTools(fn: ts.FunctionLikeDeclaration): ToolRegistration[] | undefined {
    return this.byHandler.get(fn);
  }

  /** The handle inside a tool handler; the tool is recorded for schema and check edits. */
  private toolHandle(tools: readonly ToolRegistration[], at: ts.Node): string {
    const inBranch = tools.filter((t) => t.branch && t.branch.pos <= at.pos && at.end <= t.branch.end);
    const chosen = inBranch.length ? inBranch : tools;
    let handle = '';
    for (const tool of chosen) {
      const entry = this.tools.get(tool) ?? { tool, handle: this.handleExpression(tool) };
      this.tools.set(tool, entry);
      handle = entry.handle;
    }
    return handle;
  }

  /** How the handler reads the new argument: destructured, `args.<arg>`, or from a low-level request. */
  private handleExpression(tool: ToolRegistration): string {
    const handler = tool.handler!;
    const arg = this.names.argument;
    if (tool === this.creator) return arg; // the const it mints first thing
    if (tool.api === 'low-level') {
      const request = handler.parameters[0];
      if (!request || !ts.isIdentifier(request.name)) throw new CannotRewrite('the tools/call handler does not name its request parameter', handler);
      return `String(${request.name.text}.params.arguments?.${arg} ?? '')`;
    }
    if (tool.schema.kind === 'opaque') throw new CannotRewrite(`the input schema of '${tool.name}' is not written in place`, tool.nameNode);
    if (tool.schema.kind === 'none') return arg;
    const args = handler.parameters[0];
    if (!args) throw new CannotRewrite(`the handler of '${tool.name}' takes no arguments`, handler);
    if (ts.isObjectBindingPattern(args.name)) return arg;
    if (ts.isIdentifier(args.name)) return `${args.name.text}.${arg}`;
    throw new CannotRewrite(`the arguments of '${tool.name}' are destructured in a way we cannot extend`, args);
  }

  /** A helper's context parameter becomes the handle parameter, through every caller. */
  private convertParameter(fn: ts.FunctionLikeDeclaration, index: number): void {
    const key = `${fn.getSourceFile().fileName}:${fn.pos}:${index}`;
    if (this.converted.has(key)) return;
    this.converted.add(key);
    const param = fn.parameters[index]!;
    if (!ts.isIdentifier(param.name)) throw new CannotRewrite('the helper destructures its context parameter', param);
    const { values } = this.result.analysis;
    const sessions = this.result.analysis.sessions;
    // Every use of the parameter must be the id read or a hand-over to another helper.
    for (const ref of sessions.referencesOf(param.name)) {
      const outer = outermostWrapper(ref);
      const parent = outer.parent;
      if (parent && ts.isPropertyAccessExpression(parent) && parent.expression === outer && parent.name.text === V1_CONTEXT_SESSION_ID) {
        this.edit(withFallback(parent), this.names.argument, withFallback(parent).getStart(parent.getSourceFile()), withFallback(parent).end);
        continue;
      }
      if (parent && ts.isCallExpression(parent) && parent.arguments.includes(outer as ts.Expression)) {
        const callee = values.calls.functionOfCall(parent);
        if (!callee) throw new CannotRewrite(`the context is handed to ${parent.expression.getText()}(), which we cannot follow`, parent);
        this.convertParameter(callee, parent.arguments.indexOf(outer as ts.Expression));
        this.edit(ref, this.names.argument);
        continue;
      }
      throw new CannotRewrite(`the helper uses its context \`${param.name.text}\` for more than the session id`, ref);
    }
    const sf = fn.getSourceFile();
    const typed = flavourOf(sf) === 'ts' ? `${this.names.argument}: string` : this.names.argument;
    this.edit(param, typed, param.getStart(sf), param.end);
    // Every caller now passes the handle.
    const calls = values.calls.callsOf(fn);
    for (const call of calls) {
      const arg = call.arguments[index];
      if (!arg) throw new CannotRewrite(`a call of ${call.expression.getText()}() passes no context`, call);
      const caller = enclosingFunction(call);
      if (!caller) throw new CannotRewrite('a helper is called outside any function', call);
      const tools = this.handlerTools(caller);
      if (tools) {
        this.edit(arg, this.toolHandle(tools, call));
        dropStaleCodemodComment(this.edits, call);
        continue;
      }
      const inner = unwrap(arg);
      const decl = ts.isIdentifier(inner) ? values.symbolOf(inner)?.valueDeclaration : undefined;
      if (!decl || !ts.isParameter(decl) || decl.parent !== caller) throw new CannotRewrite(`${caller.name?.getText() ?? 'a function'} passes a context that is not its parameter`, call);
      this.convertParameter(caller, caller.parameters.indexOf(decl));
    }
  }

  /** Schema, arguments and the caller check of one tool. */
  private rewriteTool(entry: ToolEdits): void {
    const { tool } = entry;
    const handler = tool.handler!;
    const sf = handler.getSourceFile();
    const arg = this.names.argument;
    const major = sdkMajorOfFile(tool.call.getSourceFile()) ?? this.packageMajor(tool.call.getSourceFile().fileName);
    const zodProperty = (): string => `${arg}: ${handleArgumentZod(this.zod(tool.call.getSourceFile()), this.names)}`;

    // 1. The schema.
    switch (tool.schema.kind) {
      case 'zod-raw-shape':
      case 'z-object':
        addProperty(this.edits, tool.schema.node!, zodProperty());
        break;
      case 'json-schema':
        addJsonSchemaProperty(this.edits, tool.schema.node!, arg, handleArgumentJsonSchema(this.names));
        break;
      case 'none':
        if (tool.api === 'tool') {
          const cb = tool.call.arguments[tool.call.arguments.length - 1]!;
          this.insert(sf, cb.getStart(sf), `{ ${zodProperty()} }, `);
        } else if (tool.config) {
          const property = zodProperty();
          const shape = major === 2 ? `${this.zod(tool.call.getSourceFile())}.object({ ${property} })` : `{ ${property} }`;
          addProperty(this.edits, tool.config, `inputSchema: ${shape}`);
        } else throw new CannotRewrite(`the config of '${tool.name}' is not written in place`, tool.call);
        break;
      default:
        throw new CannotRewrite(`the input schema of '${tool.name}' is not written in place`, tool.nameNode);
    }

    // 2. The handler's parameters: the argument, and a context to check the caller with.
    let contextName: string;
    if (tool.api === 'low-level') {
      contextName = contextParameter(this.edits, handler, 1, major, this.destructured);
    } else if (tool.schema.kind === 'none') {
      const first = handler.parameters[0];
      // A handler declared apart from its registration gets no contextual type: annotate it (TS).
      const argsParam = needsParameterTypes(tool) ? `{ ${arg} }: { ${arg}: string }` : `{ ${arg} }`;
      if (first) this.insert(sf, first.getStart(sf), `${argsParam}, `);
      contextName = contextParameter(this.edits, handler, 0, major, this.destructured, argsParam);
    } else {
      const args = handler.parameters[0]!;
      if (ts.isObjectBindingPattern(args.name)) addBindingElement(this.edits, args.name, arg);
      if (args.type) addTypeMember(this.edits, args.type, arg);
      contextName = contextParameter(this.edits, handler, 1, major, this.destructured);
    }

    // 3. The check, first thing in the handler (or in the tool's branch of a low-level handler).
    const denied = `${this.names.noun}Denied`;
    insertCallerCheck(this.edits, tool, [`const ${denied} = ${this.registryRef(sf)}.check(${entry.handle}, ${contextName});`, `if (${denied}) return ${denied};`]);
  }

  /**
   * The tool that creates the state mints the handle: an optional idempotency key, the handle as a
   * const first thing, every result carrying it (`withHandle`), and the lifetime in its description.
   */
  private rewriteCreator(entry: ToolEdits): void {
    const { tool } = entry;
    const handler = tool.handler!;
    const sf = handler.getSourceFile();
    const text = sf.text;
    const { names } = this;
    if (tool.api === 'low-level') throw new CannotRewrite(`'${tool.name}' creates the state in a low-level handler: mint the handle there by hand`, tool.nameNode);
    const major = sdkMajorOfFile(tool.call.getSourceFile()) ?? this.packageMajor(tool.call.getSourceFile().fileName);
    const keyProperty = (): string => `${names.idempotencyKey}: ${idempotencyKeyZod(this.zod(sf), names)}`;
    let key: string;
    switch (tool.schema.kind) {
      case 'zod-raw-shape':
      case 'z-object': {
        addProperty(this.edits, tool.schema.node!, keyProperty());
        const args = handler.parameters[0];
        if (args && ts.isObjectBindingPattern(args.name)) {
          addBindingElement(this.edits, args.name, names.idempotencyKey);
          key = names.idempotencyKey;
        } else if (args && ts.isIdentifier(args.name)) key = `${args.name.text}.${names.idempotencyKey}`;
        else throw new CannotRewrite(`the arguments of '${tool.name}' are destructured in a way we cannot extend`, handler);
        break;
      }
      case 'none': {
        if (tool.api === 'tool') this.insert(sf, tool.call.arguments[tool.call.arguments.length - 1]!.getStart(sf), `{ ${keyProperty()} }, `);
        else if (tool.config) addProperty(this.edits, tool.config, `inputSchema: ${major === 2 ? `${this.zod(sf)}.object({ ${keyProperty()} })` : `{ ${keyProperty()} }`}`);
        else throw new CannotRewrite(`the config of '${tool.name}' is not written in place`, tool.call);
        const first = handler.parameters[0];
        if (first) this.insert(sf, first.getStart(sf), `{ ${names.idempotencyKey} }, `);
        key = names.idempotencyKey;
        break;
      }
      default:
        throw new CannotRewrite(`the input schema of '${tool.name}' is not written in place`, tool.nameNode);
    }
    const contextName = contextParameter(this.edits, handler, tool.schema.kind === 'none' ? 0 : 1, major, this.destructured, tool.schema.kind === 'none' ? `{ ${names.idempotencyKey} }` : undefined);
    const mint = `const ${names.argument} = ${this.registryRef(sf)}.mint(${contextName}, ${key});`;
    const body = handler.body;
    if (!body || !ts.isBlock(body)) throw new CannotRewrite(`'${tool.name}' has an expression body: mint the handle there by hand`, handler);
    const firstStatement = body.statements[0];
    const indent = firstStatement ? indentAt(text, firstStatement.getStart(sf)) : indentAt(text, body.getStart(sf)) + indentUnit(text);
    this.insert(sf, body.getStart(sf) + 1, `\n${indent}${mint}`);
    const withHandle = this.withHandleRef(sf);
    for (const statement of returnsOf(body)) {
      if (!statement.expression) throw new CannotRewrite(`'${tool.name}' returns nothing on some path`, statement);
      this.insert(sf, statement.expression.getStart(sf), `${withHandle}(`);
      this.insert(sf, statement.expression.end, `, { ${names.argument} })`);
    }
    const users = this.userNames();
    const lifetime = ` Returns a ${names.argument}${users.length ? `: pass it to ${andList(users)}` : ''}. ${lifetimeText(names, this.ttlMs, this.maxAgeMs)}`;
    const description = descriptionLiteral(tool);
    if (description) this.insert(sf, description.end - 1, lifetime.replace(/'/g, "\\'"));
  }

  /** `withHandle` in `sf`: imported next to the registry's import, or from the generated module. */
  private withHandleRef(sf: ts.SourceFile): string {
    if (sf !== this.registryHome()) {
      const key = `withHandle:${sf.fileName}`;
      if (!this.converted.has(key)) {
        this.converted.add(key);
        const flavour = flavourOf(sf);
        const at = afterImports(sf);
        this.insert(sf, at.offset, at.text(importStatement(['withHandle'], importSpecifier(sf, this.moduleFor(sf).path, flavour), flavour)));
      }
    }
    return 'withHandle';
  }

  /** The SDK major of a file that imports no SDK module (a helper): its package's (a monorepo's packages may differ). */
  private packageMajor(file: string): 1 | 2 {
    const pkg = packageDirOf(file);
    return this.result.sourceFiles.some((sf) => sdkMajorOfFile(sf) === 1 && packageDirOf(sf.fileName) === pkg) ? 1 : 2;
  }

  /** zod's local name in `sf`, importing it when the file has none. */
  private zod(sf: ts.SourceFile): string {
    const existing = zodName(sf);
    if (existing) return existing;
    const key = `zod:${sf.fileName}`;
    if (!this.converted.has(key)) {
      this.converted.add(key);
      const at = importAnchor(sf, 'zod');
      this.insert(sf, at.offset, at.text(flavourOf(sf) === 'cjs' ? "const { z } = require('zod');" : "import { z } from 'zod';"));
    }
    return 'z';
  }

  /** The registry is declared in the store's file (or the first tool's); other files import it. */
  private registryHome(): ts.SourceFile {
    return (this.model.store.declaration ?? this.model.tools[0]!.call).getSourceFile();
  }

  /** A store that is a class field gets its registry as a field beside it (`this.boardHandles`). */
  private storeClass(): ts.ClassLikeDeclaration | undefined {
    const decl = this.model.store.declaration;
    return decl && ts.isPropertyDeclaration(decl) && ts.isClassLike(decl.parent) ? decl.parent : undefined;
  }

  private registryRef(sf: ts.SourceFile): string {
    const owner = this.storeClass();
    if (owner) return `this.${this.names.registry}`;
    const home = this.registryHome();
    if (sf !== home) {
      const key = `import:${sf.fileName}`;
      if (!this.converted.has(key)) {
        this.converted.add(key);
        // Joined to the file's import of the registry's module when it has one (`import { getOrCreateWorkspace, workspaceHandles }`).
        this.edits.push(...importEdits(sf, [this.names.registry], importSpecifier(sf, home.fileName, flavourOf(sf))));
      }
    }
    return this.names.registry;
  }

  private addRegistry(): void {
    const home = this.registryHome();
    const flavour = flavourOf(home);
    const target = this.moduleFor(home);
    const { names } = this;
    const exported = [...this.tools.keys()].some((t) => t.call.getSourceFile() !== home) || this.mintingFile() !== home;
    const at = afterImports(home);
    const imported = ['createHandleRegistry', ...(this.creator?.call.getSourceFile() === home ? ['withHandle'] : [])];
    this.insert(home, at.offset, at.text(importStatement(imported, importSpecifier(home, target.path, flavour), flavour)));
    const decl = this.model.store.declaration;
    const onExpire = decl ? expiryCallback(decl, this.model.store.name) : undefined;
    const registry = registryDeclaration({ names, ttlMs: this.ttlMs, maxAgeMs: this.maxAgeMs, onExpire, exported, flavour });
    const owner = this.storeClass();
    if (owner && decl) {
      // `this` in the handlers must be the instance: they are arrow functions inside the class.
      for (const tool of this.tools.keys()) {
        const handler = tool.handler!;
        if (!ts.isArrowFunction(handler) || handler.pos < owner.pos || handler.end > owner.end) {
          throw new CannotRewrite(`the tool '${tool.name}' is not an arrow function inside the class that owns \`${this.model.store.name}\``, tool.nameNode);
        }
      }
      const indent = indentAt(home.text, decl.getStart(home));
      const unit = indentUnit(home.text);
      const field = asClassField(registry, indent, unit);
      const end = afterTrailingComments(home.text, decl.end);
      const followedByBlank = /^[ \t]*\r?\n[ \t]*\r?\n/.test(home.text.slice(end));
      this.insert(home, end, `\n\n${field}${followedByBlank ? '' : '\n'}`);
      return;
    }
    const statement = decl ? topLevelStatement(decl) : undefined;
    if (statement) {
      // A blank line on both sides, whatever followed the store's declaration.
      const end = afterTrailingComments(home.text, statement.end);
      const followedByBlank = /^[ \t]*\r?\n[ \t]*\r?\n/.test(home.text.slice(end)) || home.text.slice(end).trim() === '';
      this.insert(home, end, `\n\n${registry}${followedByBlank ? '' : '\n'}`);
    }
    else this.insert(home, at.offset, at.text(`\n${registry}`));
  }

  private mintingFile(): ts.SourceFile {
    return this.model.tools[0]!.call.getSourceFile();
  }

  /** `create_<noun>`: mints a handle bound to the caller; registered next to the tools that use it. */
  private addMintingTool(): void {
    const anchor = [...this.tools.keys()].filter((t) => t.call.getSourceFile() === this.mintingFile()).at(-1) ?? this.model.tools[0]!;
    const sf = anchor.call.getSourceFile();
    const text = sf.text;
    const { names } = this;
    const unit = indentUnit(text);
    const major = sdkMajorOfFile(sf) ?? this.packageMajor(sf.fileName);
    const registry = this.registryRef(sf);
    const users = this.userNames();
    const description = mintingToolDescription(names, users, this.ttlMs, this.maxAgeMs);
    const result = mintingToolResult(names, flavourOf(sf));
    const ctx = major === 2 ? 'ctx' : 'extra';

    if (anchor.api === 'low-level') {
      this.addLowLevelMintingTool(anchor, description, result);
      return;
    }
    const { receiver } = calleeParts(anchor.call);
    // Registered the way the tools beside it are: on the server, or through the project's own helper (sweep 32 AF1),
    // whatever its name, with its schema in the form that helper takes.
    const viaHelper = this.viaHelper(anchor);
    if (viaHelper && !helperAlwaysRegisters(this.result.analysis.values, anchor.call)) {
      throw new CannotRewrite(`the tools are registered through \`${anchor.call.expression.getText(sf)}()\`, which registers only some of the tools it is given: register ${names.mintTool} so that it is always offered, then run apply again`, anchor.call);
    }
    const register = viaHelper ? anchor.call.expression.getText(sf) : `${receiver?.getText(sf)}.registerTool`;
    const statement = statementOf(anchor.call);
    const indent = indentAt(text, statement.getStart(sf));
    const z = this.zod(sf);
    const keyProperty = `${names.idempotencyKey}: ${idempotencyKeyZod(z, names)}`;
    const zObject = viaHelper ? anchor.schema.kind === 'z-object' || (anchor.schema.kind !== 'zod-raw-shape' && major === 2) : major === 2;
    const schema = zObject ? `${z}.object({ ${keyProperty} })` : `{ ${keyProperty} }`;
    const lines = mintingToolRegistration({ names, register, description, schema, ctx, registry, result, unit });
    this.insert(sf, statement.end, `\n\n${lines.map((line) => `${indent}${line}`).join('\n')}`);
  }

  private addLowLevelMintingTool(anchor: ToolRegistration, description: string, result: string): void {
    const { names } = this;
    const sf = anchor.call.getSourceFile();
    const text = sf.text;
    const listEntry = anchor.schema.node?.parent;
    const listObject = listEntry && ts.isPropertyAssignment(listEntry) ? listEntry.parent : undefined;
    const list = listObject?.parent;
    if (!listObject || !list || !ts.isArrayLiteralExpression(list)) throw new CannotRewrite('the tools/list result is not an array literal', anchor.call);
    const entryIndent = indentAt(text, listObject.getStart(sf));
    const entry = lowLevelMintingEntry(names, description);
    this.insert(sf, listObject.getStart(sf), `${entry},\n${entryIndent}`);
    const handler = anchor.handler!;
    const request = handler.parameters[0]!.name.getText(sf);
    const ctx = contextParameter(this.edits, handler, 1, 1, this.destructured);
    const body = handler.body as ts.Block;
    const firstStatement = body.statements[0]!;
    const indent = indentAt(text, firstStatement.getStart(sf));
    const unit = indentUnit(text);
    const branch = lowLevelMintingBranch(names, request, ctx, result, unit);
    this.insert(sf, firstStatement.getStart(sf), `${branch.map((line, i) => `${i === 0 ? '' : indent}${line}`).join('\n')}\n\n${indent}`);
  }
}

function isTemplateKey(sink: Sink): boolean {
  return !!sink.key && (ts.isTemplateExpression(unwrap(sink.key)) || ts.isBinaryExpression(unwrap(sink.key)));
}

const CREATOR_NAME = /^(create|open|start|new|launch|connect|begin|init)(_|[A-Z])/;
const WRITE_METHODS = new Set(['set', 'put', 'hset', 'setex', 'hmset', 'add']);

function isWrite(sink: Sink): boolean {
  if (sink.written) return true;
  return ts.isCallExpression(sink.node) && WRITE_METHODS.has((calleeParts(sink.node).name ?? '').toLowerCase());
}

/** Lifecycle cleanup: a delete of the store in session-close code that no tool reaches. */
function isLifecycleCleanup(sink: Sink): boolean {
  return cleanupStatement(sink) !== undefined;
}

/**
 * The statement that is nothing but a delete of the store (`quizzes.delete(id);`, `delete carts[id];`), also as the
 * body of a brace-less `if (id) quizzes.delete(id);` (sweep 38 AL6).
 */
function cleanupStatement(sink: Sink): ts.ExpressionStatement | undefined {
  const call = sink.node;
  const method = ts.isCallExpression(call) ? calleeParts(call).name : undefined;
  const deleted = ts.isElementAccessExpression(call) ? outermostWrapper(call).parent : undefined;
  const expression = method === 'delete' || method === 'del' || method === 'remove' ? outermostWrapper(call) : deleted && ts.isDeleteExpression(deleted) ? deleted : undefined;
  if (!expression) return undefined;
  // The statement that is the delete and nothing else (`void redis.del(id).catch(log);` too), in its list or as the body of
  // a brace-less `if`. Not one it is only part of (`t.onclose = () => (transports.delete(id), visits.delete(id))`, review 44
  // S44-8): replaced by a note, the rest would go with it.
  let current: ts.Node = expression;
  while (current.parent && !ts.isExpressionStatement(current.parent)) {
    const parent: ts.Node = current.parent;
    const wraps =
      ts.isParenthesizedExpression(parent) || ts.isVoidExpression(parent) || ts.isAwaitExpression(parent) ||
      // `.catch(…)` on the delete's promise (its error handling goes with it); not `.then`/`.finally`, whose callbacks may do
      // more (`.finally(() => transports.delete(id))`, review 44b S44b-4)
      (ts.isPropertyAccessExpression(parent) && parent.expression === current && parent.name.text === 'catch' && !!parent.parent && ts.isCallExpression(parent.parent) && parent.parent.expression === parent);
    if (!wraps && !(ts.isCallExpression(parent) && ts.isPropertyAccessExpression(current) && parent.expression === current)) return undefined;
    current = parent;
  }
  return current.parent && ts.isExpressionStatement(current.parent) ? current.parent : undefined;
}

/** Past the comments on the rest of the line that ends at `end` (`const notes = new Map(); // notes per session`): they stay with it (sweep 24 X6). */
function afterTrailingComments(text: string, end: number): number {
  return ts.getTrailingCommentRanges(text, end)?.at(-1)?.end ?? end;
}

/**
 * The argument names a tool's input schema declares (a zod shape's keys, `.extend({…})`'s, a JSON Schema's `properties`),
 * and whether they are all of them (no spread, no schema made elsewhere).
 */
function inputNamesOf(tool: ToolRegistration): { names: string[]; complete: boolean } {
  const node = tool.schema.node;
  if (!node) return { names: [], complete: tool.schema.kind === 'none' };
  let complete = true;
  const keysOf = (object: ts.ObjectLiteralExpression): string[] =>
    object.properties.flatMap((p) => {
      if (ts.isSpreadAssignment(p) || !p.name) {
        complete = false;
        return [];
      }
      return [propertyNameText(p.name)].filter((n): n is string => n !== undefined);
    });
  if (tool.schema.kind !== 'json-schema') {
    const names = keysOf(node);
    // `z.object({…}).extend({…})` / `.merge(…)`: the added keys too; anything else around the shape is not read.
    for (let at: ts.Node = node; at.parent; at = at.parent) {
      const access = at.parent;
      if (ts.isPropertyAccessExpression(access) && access.expression === at && access.parent && ts.isCallExpression(access.parent) && access.parent.expression === access) {
        for (const arg of access.parent.arguments) {
          const object = unwrap(arg);
          if (ts.isObjectLiteralExpression(object)) names.push(...keysOf(object));
          else complete = false;
        }
      }
      if (at === tool.schema.expression) break;
    }
    return { names, complete };
  }
  const properties = node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'properties');
  const value = properties && unwrap(properties.initializer);
  return value && ts.isObjectLiteralExpression(value) ? { names: keysOf(value), complete } : { names: [], complete: false };
}

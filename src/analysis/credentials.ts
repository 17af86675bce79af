import { ts } from '../typescript.js';
import { isInside } from './ast.js';
import { returnedExpressions } from './declarations.js';
import type { ValueAnalysis } from './values.js';
import type { SessionStore } from './session-flow-types.js';
/** Which session-keyed stores hold credentials or identity (the keyed-store rule's message, the handles transform's advice). */
const CREDENTIAL_NOUNS = new Set(['auth', 'token', 'tokens', 'credential', 'credentials', 'secret', 'secrets', 'principal', 'principals', 'identity', 'identities', 'login', 'logins', 'user', 'users', 'apikey', 'apikeys', 'key', 'keys']);

/**
 * Words before `token` that make it something other than a credential (`progressToken`, `paginationToken`, `cancelToken`);
 * not `page` (a Facebook page access token is a credential), `sync` or `next` (review 43 S43-2).
 */
const NOT_CREDENTIAL_TOKENS = new Set(['progress', 'pagination', 'cursor', 'cancel', 'cancellation', 'continuation']);

const CONTAINER_WORDS = new Set(['map', 'store', 'cache', 'table', 'registry', 'dict', 'lookup', 'index', 'record', 'records']);

/**
 * Whether a store holds credentials or identity, judged by its head noun: `tokensBySession`,
 * `sessionTokens`, `authBySession`, `authMap` do; `userCarts` (carts) and `tokenizerCache` (cache) do not.
 */
export function holdsCredentials(name: string): boolean {
  const words = nameWords(name.replace(/^this\./, ''));
  const cut = words.findIndex((w, i) => i > 0 && (w === 'by' || w === 'per' || w === 'for'));
  let noun = cut > 0 ? words.slice(0, cut) : words;
  // The container is not what it holds: `authMap`, `tokenStore`, `credentialCache` hold credentials.
  if (noun.length > 1 && CONTAINER_WORDS.has(noun.at(-1)!)) noun = noun.slice(0, -1);
  const head = noun.at(-1) ?? '';
  const pair = noun.slice(-2).join('');
  // A token that is no credential: MCP's progress token (`progressTokens`), request metadata (sweep 36 AJ1).
  if (NOT_CREDENTIAL_TOKENS.has(noun.at(-2) ?? '') && (head === 'token' || head === 'tokens')) return false;
  return CREDENTIAL_NOUNS.has(head) || pair === 'authinfo' || pair === 'apikey';
}

/**
 * Where a request carries its caller's verified identity: the member the SDK's bearer-auth middleware sets on the
 * HTTP request (`req.auth`), the handler context's `authInfo` (`extra.authInfo`, `ctx.http?.authInfo`, which
 * `toNodeHandler` fills from `req.auth`), and the HTTP `Authorization` header itself.
 */
export const IDENTITY_SOURCES = {
  members: new Set(['auth', 'authInfo']),
  headers: new Set(['authorization']),
} as const;

/**
 * Whether a session-keyed store holds credentials: by its name (`holdsCredentials`), or by what is written into it —
 * a value built from the request's credentials (`new ApiClient(req.headers.authorization.slice(7))`, `{ token:
 * extra.authInfo.token }`, through a `const` holding one: sweep 22 V1). A handle for such a store would be a bearer
 * credential for someone's token; identity must come with each request instead.
 */
export function storeHoldsCredentials(values: ValueAnalysis, store: SessionStore): boolean {
  if (holdsCredentials(store.name)) return true;
  return store.accesses.some((access) => access.written !== undefined && readsRequestCredentials(values, access.written, 0));
}

/** `inHelper`: `expression` is in a helper the value was followed into, whose parameters are whatever its callers pass. */
function readsRequestCredentials(values: ValueAnalysis, expression: ts.Node, depth: number, inHelper = false): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    // `req.headers['authorization']`, `headers.get('authorization')`, and the dotted `req.headers.authorization`.
    const dotted = ts.isPropertyAccessExpression(node) && IDENTITY_SOURCES.headers.has(node.name.text.toLowerCase()) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'headers';
    if (dotted || values.headerAccessOf(node, IDENTITY_SOURCES.headers)) {
      found = true;
      return;
    }
    // `extra.authInfo` handed on whole, or its token (`req.auth.token`): not a member that only names the caller
    // (`authInfo.clientId` written beside a draft is who wrote it, not a credential).
    if (ts.isPropertyAccessExpression(node) && IDENTITY_SOURCES.members.has(node.name.text)) {
      // Through `!`, `as` and parentheses (`extra.authInfo!.clientId`, review 35 D1).
      let outer: ts.Node = node;
      while (outer.parent && (ts.isNonNullExpression(outer.parent) || ts.isParenthesizedExpression(outer.parent) || ts.isAsExpression(outer.parent))) outer = outer.parent;
      const member = outer.parent;
      if (!(ts.isPropertyAccessExpression(member) && member.expression === outer) || member.name.text === 'token') {
        found = true;
        return;
      }
    }
    // A secret the caller handed in (`configure({ apiKey })` → `new ApiClient({ apiKey })`): what is built from it is as
    // much a credential as the key (sweep 24 X3).
    // Not a parameter of a helper followed into: what its callers pass may be the server's own key (review 38 R3).
    if (!inHelper && ts.isIdentifier(node) && namesSecret(node.text) && !isDeclarationName(node)) {
      let decl: ts.Node | undefined = values.symbolOf(node)?.valueDeclaration;
      while (decl && ts.isBindingElement(decl)) decl = decl.parent.parent;
      if (decl && ts.isParameter(decl)) {
        found = true;
        return;
      }
    }
    // What a helper of the project returns, handed the request (`extractBearerToken(req)` reading its Authorization
    // header): a credential as much as the header read inline (UluMCP, e0ipso/drupal-bridge-mcp; sweep 27 AA3).
    if (ts.isCallExpression(node) && depth < 4) {
      const fn = values.calls.functionOfCall(node);
      if (fn?.body && returnsRequestCredentials(values, fn, depth + 1)) {
        found = true;
        return;
      }
    }
    if (ts.isIdentifier(node) && depth < 4) {
      const decl = values.symbolOf(node)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && !isInside(node, decl) && readsRequestCredentials(values, decl.initializer, depth + 1, inHelper)) {
        found = true;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(expression);
  return found;
}

/** Whether what a function returns (an expression body, or its `return` statements) reads the request's credentials. */
function returnsRequestCredentials(values: ValueAnalysis, fn: ts.FunctionLikeDeclaration, depth: number): boolean {
  return returnedExpressions(fn).some((returned) => readsRequestCredentials(values, returned, depth, true));
}

/** Nouns of a secret value (not of an identity: a `user` handed in names someone, it unlocks nothing). */
const SECRET_NOUNS = new Set(['token', 'secret', 'password', 'credential', 'credentials', 'apikey', 'passphrase']);

/** `apiKey`, `accessToken`, `client_secret`, `password`: a name whose last word (or last two, `api key`) is a secret's. */
function namesSecret(name: string): boolean {
  const words = nameWords(name);
  // A page or a position in a listing (`pageToken`, `nextToken`, `cursorToken`) is no secret.
  if (words.some((w) => POSITION_WORDS.has(w))) return false;
  return SECRET_NOUNS.has(words.at(-1) ?? '') || SECRET_NOUNS.has(words.slice(-2).join(''));
}

const POSITION_WORDS = new Set(['page', 'next', 'prev', 'previous', 'cursor', 'continuation', 'sync', 'resume', 'offset']);

/** The name a declaration introduces (`{ apiKey }` of a parameter), not a use of it. */
function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (ts.isBindingElement(parent) || ts.isParameter(parent) || ts.isVariableDeclaration(parent)) && parent.name === node;
}

/** A name's words, lower case: `tokensBySession` → tokens, by, session; `client_secret` → client, secret. */
function nameWords(name: string): string[] {
  return name
    .split(/[._$-]|(?<=[a-z0-9])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
}

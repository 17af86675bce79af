/** Which session-keyed stores hold credentials or identity (the keyed-store rule's message, the handles transform's advice). */
const CREDENTIAL_NOUNS = new Set(['auth', 'token', 'tokens', 'credential', 'credentials', 'secret', 'secrets', 'principal', 'principals', 'identity', 'identities', 'login', 'logins', 'user', 'users', 'apikey', 'apikeys', 'key', 'keys']);

const CONTAINER_WORDS = new Set(['map', 'store', 'cache', 'table', 'registry', 'dict', 'lookup', 'index', 'record', 'records']);

/**
 * Whether a store holds credentials or identity, judged by its head noun: `tokensBySession`,
 * `sessionTokens`, `authBySession`, `authMap` do; `userCarts` (carts) and `tokenizerCache` (cache) do not.
 */
export function holdsCredentials(name: string): boolean {
  const words = name
    .replace(/^this\./, '')
    .split(/[._$]|(?<=[a-z0-9])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
  const cut = words.findIndex((w, i) => i > 0 && (w === 'by' || w === 'per' || w === 'for'));
  let noun = cut > 0 ? words.slice(0, cut) : words;
  // The container is not what it holds: `authMap`, `tokenStore`, `credentialCache` hold credentials.
  if (noun.length > 1 && CONTAINER_WORDS.has(noun.at(-1)!)) noun = noun.slice(0, -1);
  const head = noun.at(-1) ?? '';
  const pair = noun.slice(-2).join('');
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

/**
 * Names the handle pattern gives a store: the noun (`carts` → `cart`), the argument (`cart_id`
 * or `cartId`), the minting tool (`create_cart` / `createCart`) and the registry (`cartHandles`).
 */
import type { HandleNames, NamingStyle } from '../kit/plan.js';

/** Words that say how a store is keyed or what it is, not what it holds. */
const NOISE_WORDS = new Set(['session', 'sessions', 'map', 'store', 'stores', 'cache', 'state', 'states', 'registry', 'data', 'by', 'per', 'for', 'id', 'ids', 'this', 'mcp', 'active', 'live', 'current', 'all']);

/**
 * Words that name what keeps the state rather than the state (`connectionManager` → connection, sweep 38 AL3), when
 * another word names it: `trackers` alone is the state (a habit tracker).
 */
const ROLE_WORDS = new Set(['manager', 'managers', 'service', 'services', 'provider', 'providers', 'tracker', 'trackers', 'repository', 'repositories']);

function words(name: string): string[] {
  return name
    .replace(/^this\./, '')
    .split(/[._$:\-\s]|(?<=[a-z0-9])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
}

function singular(word: string): string {
  if (/ies$/.test(word) && word.length > 4) return word.replace(/ies$/, 'y');
  if (/(ss|us|is)$/.test(word)) return word;
  if (/zzes$/.test(word)) return word.slice(0, -3); // quizzes → quiz
  if (/(sh|ch|x|ss)es$/.test(word)) return word.replace(/es$/, '');
  if (/s$/.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

/**
 * The noun of a store name: `carts` → cart, `boardsBySession` → board, `browserSessions` →
 * browser, `sessionCarts` → cart, `cart:${sid}` → cart. Falls back to `state`.
 */
export function nounOf(storeName: string, keepRoles = false): string {
  const all = words(storeName);
  const cut = all.findIndex((w, i) => i > 0 && (w === 'by' || w === 'per' || w === 'for'));
  const head = (cut > 0 ? all.slice(0, cut) : all).filter((w) => !NOISE_WORDS.has(w) && /^[a-z][a-z0-9]*$/.test(w));
  const named = keepRoles ? head : head.filter((w) => !ROLE_WORDS.has(w));
  const noun = (named.length > 0 ? named : head).at(-1);
  return noun ? singular(noun) : 'state';
}

/** camelCase when the file's tool names are camelCase (`addToCart`), snake_case otherwise. */
export function styleOf(toolNames: readonly string[]): NamingStyle {
  const camel = toolNames.filter((n) => /[a-z][A-Z]/.test(n) && !n.includes('_')).length;
  const snake = toolNames.filter((n) => n.includes('_') || /^[a-z0-9]+$/.test(n)).length;
  return camel > snake ? 'camel' : 'snake';
}

export function handleNames(noun: string, style: NamingStyle): HandleNames {
  const cap = noun.charAt(0).toUpperCase() + noun.slice(1);
  return style === 'camel'
    ? { noun, argument: `${noun}Id`, mintTool: `create${cap}`, idempotencyKey: 'idempotencyKey', registry: `${noun}Handles`, style }
    : { noun, argument: `${noun}_id`, mintTool: `create_${noun}`, idempotencyKey: 'idempotency_key', registry: `${noun}Handles`, style };
}

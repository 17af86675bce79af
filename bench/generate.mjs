#!/usr/bin/env node
// Deterministic generator of a synthetic TypeScript monorepo for `npm run bench`.
//
//   node bench/generate.mjs <outDir> [--files 20000] [--seed 1]
//
// Produces:
//   packages/pkg-NNN/src/**        ordinary TypeScript (features: types/model/repository/service/
//                                  routes/events/validators/tests, utils, lib, middleware), full of
//                                  words a word-match prefilter trips on (sessionId, express-session,
//                                  createMessage, ping, transports, Map keyed by ids, ...)
//   packages/agent-client/src/**   an MCP *client* (not a server: should produce no findings)
//   packages/mcp-<fixture>/        a copy of every /work/main/fixtures/<fixture>/ present now
//   packages/mcp-gen-*/            three generated MCP servers (v1 HTTP, v1 stdio, v2 HTTP)
//   node_modules/, packages/*/dist/, packages/*/coverage/, an ignored tmp/ and *.generated.ts:
//                                  things discovery must skip (some contain MCP server code)
//   .gitignore, tsconfig.json (paths), package.json (workspaces), a `git init`ed repo
//   .bench-servers.json            array of MCP server dirs (relative to outDir)
//   .bench-meta.json               generator key, counts, per-server details
//
// Everything is derived from the seed; no clock or environment enters the content.

import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const GENERATOR_VERSION = 1;
const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_FIXTURES_DIR = path.resolve(HERE, '..', 'fixtures');
const SOURCE_RE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

// ---------------------------------------------------------------- randomness
function mulberry32(seed) {
  let a = seed >>> 0;
  return function rand() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
class Rng {
  constructor(seed) { this.r = mulberry32(seed); }
  next() { return this.r(); }
  int(lo, hi) { return lo + Math.floor(this.r() * (hi - lo + 1)); }
  pick(arr) { return arr[Math.floor(this.r() * arr.length)]; }
  chance(p) { return this.r() < p; }
  hex(n) { let s = ''; for (let i = 0; i < n; i++) s += Math.floor(this.r() * 16).toString(16); return s; }
}

// ---------------------------------------------------------------- vocabulary
const NOUNS = ['order', 'invoice', 'customer', 'cart', 'ticket', 'shipment', 'product', 'payment', 'refund',
  'subscription', 'account', 'member', 'team', 'project', 'task', 'comment', 'notification', 'report', 'audit',
  'inventory', 'warehouse', 'coupon', 'review', 'message', 'channel', 'workspace', 'document', 'upload', 'webhook',
  'job', 'schedule', 'booking', 'room', 'device', 'sensor', 'alert', 'metric', 'invite', 'license', 'plan',
  'quote', 'contract', 'supplier', 'route', 'vehicle', 'driver', 'lesson', 'course', 'badge', 'survey'];
const QUALIFIERS = ['draft', 'recurring', 'pending', 'shared', 'archived', 'partner', 'internal', 'public',
  'scheduled', 'bulk', 'guest', 'legacy', 'priority', 'regional', 'trial', 'external', 'linked', 'custom'];
const DOMAINS = ['billing', 'catalog', 'checkout', 'support', 'logistics', 'identity', 'analytics', 'messaging',
  'scheduling', 'learning', 'fleet', 'iot', 'crm', 'procurement', 'compliance', 'search', 'media', 'growth'];
// ('env' is a fixed file of every package, so it is not in this rotation)
const UTIL_TOPICS = ['strings', 'dates', 'arrays', 'money', 'retry', 'pagination', 'hashing', 'url',
  'objects', 'result', 'timing', 'chat-format', 'session-tokens', 'heartbeat', 'csv'];
const FIELDS = ['summary', 'label', 'notes', 'reference', 'region', 'currency', 'channel', 'source', 'priority', 'locale'];

const pascal = (k) => k.split(/[-_]/).map((s) => s[0].toUpperCase() + s.slice(1)).join('');
const camel = (k) => { const p = pascal(k); return p[0].toLowerCase() + p.slice(1); };
const pad3 = (n) => String(n).padStart(3, '0');

// ---------------------------------------------------------------- writer
class Writer {
  constructor(root) { this.root = root; this.dirs = new Set(); this.seen = new Set(); this.count = 0; this.bytes = 0; }
  write(rel, content) {
    const abs = path.join(this.root, rel);
    if (this.seen.has(abs)) throw new Error(`generator bug: ${rel} written twice`);
    this.seen.add(abs);
    const dir = path.dirname(abs);
    if (!this.dirs.has(dir)) { fs.mkdirSync(dir, { recursive: true }); this.dirs.add(dir); }
    fs.writeFileSync(abs, content);
    this.count++;
    this.bytes += Buffer.byteLength(content);
  }
}

// ---------------------------------------------------------------- ordinary code templates
function tTypes(r, F, k, n) {
  const extra = [];
  for (let i = 0; i < n.fields; i++) extra.push(`  ${FIELDS[(i + n.salt) % FIELDS.length]}${i >= FIELDS.length ? i : ''}?: string;`);
  return `import type { EntityId, Timestamp } from '../../utils/ids.js';

export type ${F}Status = 'pending' | 'active' | 'archived' | 'failed';

/** A ${k.replace(/-/g, ' ')} as stored by the ${n.domain} service. */
export interface ${F} {
  id: EntityId;
  ownerId: EntityId;
  status: ${F}Status;
  title: string;
  amountCents: number;
  tags: string[];
  metadata: Record<string, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
${n.sessionField ? '  /** Browser session (express-session id) that created it, for audit. */\n  sessionId?: string;\n' : ''}${extra.join('\n')}
}

export interface Create${F}Input {
  ownerId: EntityId;
  title: string;
  amountCents?: number;
  tags?: string[];
${n.sessionField ? '  sessionId?: string;\n' : ''}}

export interface ${F}Filter {
  ownerId?: EntityId;
  status?: ${F}Status[];
  search?: string;
  limit?: number;
  cursor?: string;
}

export interface ${F}Page {
  items: ${F}[];
  nextCursor?: string;
  total: number;
}

export enum ${F}Event {
  Created = '${k}.created',
  Updated = '${k}.updated',
  Archived = '${k}.archived',
}

export const ${F.toUpperCase()}_DEFAULT_LIMIT = ${r.pick([20, 25, 50, 100])};
`;
}

function tModel(r, F, k, n) {
  return `import type { ${F}, ${F}Status, Create${F}Input } from './types.js';
import { newId, now, type EntityId, type Timestamp } from '../../utils/ids.js';

const TRANSITIONS: Record<${F}Status, ${F}Status[]> = {
  pending: ['active', 'failed'],
  active: ['archived', 'failed'],
  archived: [],
  failed: ['pending'],
};

export class ${F}Model implements ${F} {
  id: EntityId;
  ownerId: EntityId;
  status: ${F}Status = 'pending';
  title: string;
  amountCents: number;
  tags: string[];
  metadata: Record<string, string> = {};
  createdAt: Timestamp;
  updatedAt: Timestamp;
${n.sessionField ? '  sessionId?: string;\n' : ''}
  private constructor(input: Create${F}Input, id: EntityId, at: Timestamp) {
    this.id = id;
    this.ownerId = input.ownerId;
    this.title = input.title.trim();
    this.amountCents = Math.max(0, Math.round(input.amountCents ?? 0));
    this.tags = [...new Set(input.tags ?? [])].sort();
    this.createdAt = at;
    this.updatedAt = at;
${n.sessionField ? '    this.sessionId = input.sessionId;\n' : ''}  }

  static create(input: Create${F}Input): ${F}Model {
    if (!input.title) throw new Error('${k}: title is required');
    return new ${F}Model(input, newId('${k.slice(0, 3)}'), now());
  }

  static from(row: ${F}): ${F}Model {
    const m = new ${F}Model({ ownerId: row.ownerId, title: row.title, amountCents: row.amountCents, tags: row.tags }, row.id, row.createdAt);
    m.status = row.status;
    m.metadata = { ...row.metadata };
    m.updatedAt = row.updatedAt;
    return m;
  }

  canTransition(next: ${F}Status): boolean {
    return TRANSITIONS[this.status].includes(next);
  }

  transition(next: ${F}Status): this {
    if (!this.canTransition(next)) {
      throw new Error(\`${k}: cannot go from \${this.status} to \${next}\`);
    }
    this.status = next;
    this.updatedAt = now();
    return this;
  }

  tag(...tags: string[]): this {
    for (const t of tags) if (!this.tags.includes(t)) this.tags.push(t);
    this.tags.sort();
    return this;
  }

  get amount(): string {
    return (this.amountCents / 100).toFixed(2);
  }

  toJSON(): ${F} {
    return {
      id: this.id,
      ownerId: this.ownerId,
      status: this.status,
      title: this.title,
      amountCents: this.amountCents,
      tags: [...this.tags],
      metadata: { ...this.metadata },
      createdAt: this.createdAt,
      updatedAt: this.updatedAt,
    };
  }
}
`;
}

function tRepository(r, F, k, n) {
  return `import type { ${F}, ${F}Filter, ${F}Page } from './types.js';
import { ${F.toUpperCase()}_DEFAULT_LIMIT } from './types.js';
import { TtlCache } from '../../lib/cache.js';

export interface ${F}Repository {
  findById(id: string): Promise<${F} | undefined>;
  list(filter: ${F}Filter): Promise<${F}Page>;
  save(entity: ${F}): Promise<void>;
  delete(id: string): Promise<boolean>;
}

export class InMemory${F}Repository implements ${F}Repository {
  private readonly rows = new Map<string, ${F}>();
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly cache = new TtlCache<string, ${F}Page>(${r.pick([1000, 5000, 30000])});

  async findById(id: string): Promise<${F} | undefined> {
    return this.rows.get(id);
  }

  async list(filter: ${F}Filter): Promise<${F}Page> {
    const key = JSON.stringify(filter);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const ids = filter.ownerId ? [...(this.byOwner.get(filter.ownerId) ?? [])] : [...this.rows.keys()];
    let items = ids.map((id) => this.rows.get(id)).filter((x): x is ${F} => x !== undefined);
    if (filter.status?.length) items = items.filter((x) => filter.status!.includes(x.status));
    if (filter.search) {
      const q = filter.search.toLowerCase();
      items = items.filter((x) => x.title.toLowerCase().includes(q) || x.tags.some((t) => t.includes(q)));
    }
    items.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    const start = filter.cursor ? Number.parseInt(filter.cursor, 10) : 0;
    const limit = filter.limit ?? ${F.toUpperCase()}_DEFAULT_LIMIT;
    const page: ${F}Page = {
      items: items.slice(start, start + limit),
      nextCursor: start + limit < items.length ? String(start + limit) : undefined,
      total: items.length,
    };
    this.cache.set(key, page);
    return page;
  }

  async save(entity: ${F}): Promise<void> {
    this.rows.set(entity.id, entity);
    let owned = this.byOwner.get(entity.ownerId);
    if (!owned) {
      owned = new Set();
      this.byOwner.set(entity.ownerId, owned);
    }
    owned.add(entity.id);
    this.cache.clear();
  }

  async delete(id: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row) return false;
    this.rows.delete(id);
    this.byOwner.get(row.ownerId)?.delete(id);
    this.cache.clear();
    return true;
  }
}
`;
}

function tService(r, F, k, n) {
  const imports = [
    `import type { ${F}Repository } from './repository.js';`,
    `import { ${F}Model } from './model.js';`,
    `import { ${F}Event, type Create${F}Input, type ${F}Filter } from './types.js';`,
    `import { createLogger } from '../../lib/logger.js';`,
    `import { HttpClient } from '../../lib/http-client.js';`,
  ];
  if (n.crossPkg) imports.push(`import { isEntityId } from '@acme/${n.crossPkg}';`);
  const mention = n.mcpMention === 1
    ? `// NOTE: the assistant integration reads ${k}s through our MCP server (https://modelcontextprotocol.io);\n// keep payloads small, it pays per token.\n`
    : n.mcpMention === 2
      ? `/** Exposed to agents later via @modelcontextprotocol/sdk — see docs/agents.md (not wired yet). */\n`
      : '';
  const methods = [];
  methods.push(`  async create(input: Create${F}Input${n.sessionNoise ? ', sessionId?: string' : ''}): Promise<${F}Model> {
${n.crossPkg ? `    if (!isEntityId(input.ownerId)) throw new Error('${k}: bad owner id');\n` : ''}    const entity = ${F}Model.create(input);
    await this.repo.save(entity.toJSON());
    log.info('${k} created', { id: entity.id${n.sessionNoise ? ', sessionId' : ''} });
    this.emit(${F}Event.Created, entity.id);
    return entity;
  }`);
  methods.push(`  async get(id: string): Promise<${F}Model> {
    const pending = this.inflight.get(id);
    if (pending) return (await pending) as ${F}Model;
    const p = this.repo.findById(id).then((row) => {
      if (!row) throw new Error(\`${k} \${id} not found\`);
      return ${F}Model.from(row);
    });
    this.inflight.set(id, p);
    try {
      return await p;
    } finally {
      this.inflight.delete(id);
    }
  }`);
  methods.push(`  async list(filter: ${F}Filter = {}) {
    return this.repo.list(filter);
  }`);
  methods.push(`  async archive(id: string): Promise<${F}Model> {
    const entity = await this.get(id);
    entity.transition('archived');
    await this.repo.save(entity.toJSON());
    this.emit(${F}Event.Archived, id);
    return entity;
  }`);
  if (n.sessionNoise) {
    methods.push(`  /** Remembers which browser session is looking at which ${k} (for presence badges). */
  trackView(sessionId: string, id: string): void {
    const views = this.viewsBySession.get(sessionId) ?? new Set<string>();
    views.add(id);
    this.viewsBySession.set(sessionId, views);
  }

  viewersOf(id: string): string[] {
    const out: string[] = [];
    for (const [sessionId, views] of this.viewsBySession) if (views.has(id)) out.push(sessionId);
    return out;
  }

  endSession(sessionId: string): void {
    this.viewsBySession.delete(sessionId);
  }`);
  }
  if (n.chatNoise) {
    methods.push(`  async notifyOwner(id: string, text: string): Promise<void> {
    const entity = await this.get(id);
    await this.chat.createMessage({ channel: \`owner-\${entity.ownerId}\`, text, threadKey: entity.id });
  }`);
  }
  if (n.pingNoise) {
    methods.push(`  async healthCheck(): Promise<{ ok: boolean; latencyMs: number }> {
    const started = Date.now();
    const ok = await this.http.ping();
    return { ok, latencyMs: Date.now() - started };
  }`);
  }
  methods.push(`  on(listener: (event: ${F}Event, id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: ${F}Event, id: string): void {
    for (const l of this.listeners) {
      try {
        l(event, id);
      } catch (err) {
        log.warn('listener failed', { event, err: String(err) });
      }
    }
  }`);
  return `${imports.join('\n')}

const log = createLogger('${n.domain}.${k}');
${mention}
${n.chatNoise ? `export interface ChatApi {\n  createMessage(msg: { channel: string; text: string; threadKey?: string }): Promise<{ id: string }>;\n}\n\n` : ''}export class ${F}Service {
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<(event: ${F}Event, id: string) => void>();
${n.sessionNoise ? '  private readonly viewsBySession = new Map<string, Set<string>>();\n' : ''}
  constructor(
    private readonly repo: ${F}Repository,
    private readonly http: HttpClient,
${n.chatNoise ? '    private readonly chat: ChatApi,\n' : ''}  ) {}

${methods.join('\n\n')}
}
`;
}

function tRoutes(r, F, k, n) {
  const base = `/${k}s`;
  const sessionRoute = n.sessionNoise
    ? `
  // Which ${k}s this browser session has open; the session id comes from express-session.
  router.get('${base}/session/:sessionId', requireUser, async (req: Request, res: Response) => {
    const sessionId = req.params.sessionId;
    if (sessionId !== req.sessionID) {
      res.status(403).json({ error: 'not your session' });
      return;
    }
    res.setHeader('x-session-id', sessionId);
    res.json({ sessionId, userId: req.session.userId ?? null });
  });

  router.delete('${base}/session/:sessionId', requireUser, (req: Request, res: Response) => {
    service.endSession(req.params.sessionId);
    res.status(204).end();
  });
`
    : '';
  return `import { Router, type Request, type Response, type NextFunction } from 'express';
import type { ${F}Service } from './service.js';
import { validateCreate${F} } from './validators.js';
import { requireUser } from '../../middleware/auth.js';

const asyncHandler =
  (fn: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) =>
    fn(req, res).catch(next);

export function ${camel(k)}Routes(service: ${F}Service): Router {
  const router = Router();

  router.get(
    '${base}',
    requireUser,
    asyncHandler(async (req, res) => {
      const limit = Number(req.query.limit ?? 0) || undefined;
      const page = await service.list({ ownerId: req.session.userId, search: String(req.query.q ?? '') || undefined, limit });
      res.json(page);
    }),
  );

  router.post(
    '${base}',
    requireUser,
    asyncHandler(async (req, res) => {
      const parsed = validateCreate${F}({ ...req.body, ownerId: req.session.userId });
      if (!parsed.ok) {
        res.status(422).json({ issues: parsed.issues });
        return;
      }
      const created = await service.create(parsed.value${n.sessionNoise ? ', req.sessionID' : ''});
      res.status(201).json(created);
    }),
  );

  router.get(
    '${base}/:id',
    requireUser,
    asyncHandler(async (req, res) => {
      const entity = await service.get(req.params.id);
${n.sessionNoise ? '      service.trackView(req.sessionID, entity.id);\n' : ''}      res.json(entity);
    }),
  );

  router.delete(
    '${base}/:id',
    requireUser,
    asyncHandler(async (req, res) => {
      await service.archive(req.params.id);
      res.status(204).end();
    }),
  );
${sessionRoute}
  return router;
}
`;
}

function tEvents(r, F, k, n) {
  const ws = n.wsNoise
    ? `
/** A websocket-ish connection; the id is our own connection/session id, not a protocol concept. */
export interface Connection {
  sessionId: string;
  send(data: string): void;
  lastPong: number;
}

export class ${F}LiveUpdates {
  private readonly connections = new Map<string, Connection>();
  private readonly transports: Record<string, Connection> = {};

  attach(conn: Connection): void {
    this.connections.set(conn.sessionId, conn);
    this.transports[conn.sessionId] = conn;
  }

  detach(sessionId: string): void {
    this.connections.delete(sessionId);
    delete this.transports[sessionId];
  }

  broadcast(event: ${F}Event, id: string): void {
    const payload = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { event, id } });
    for (const conn of this.connections.values()) conn.send(payload);
  }

  heartbeat(now: number, timeoutMs = 30_000): void {
    for (const [sessionId, conn] of this.connections) {
      if (now - conn.lastPong > timeoutMs) {
        this.detach(sessionId);
        continue;
      }
      conn.send(JSON.stringify({ jsonrpc: '2.0', id: now, method: 'ping' }));
    }
  }
}
`
    : '';
  return `import { EventEmitter } from 'node:events';
import { ${F}Event } from './types.js';

export interface ${F}EventPayload {
  id: string;
  at: number;
  actorId?: string;
}

type Listener = (payload: ${F}EventPayload) => void;

export class ${F}EventBus {
  private readonly emitter = new EventEmitter();
  private readonly subscriptions = new Map<string, Map<${F}Event, Listener>>();

  subscribe(subscriberId: string, event: ${F}Event, listener: Listener): void {
    let mine = this.subscriptions.get(subscriberId);
    if (!mine) {
      mine = new Map();
      this.subscriptions.set(subscriberId, mine);
    }
    const prev = mine.get(event);
    if (prev) this.emitter.off(event, prev);
    mine.set(event, listener);
    this.emitter.on(event, listener);
  }

  unsubscribe(subscriberId: string): void {
    const mine = this.subscriptions.get(subscriberId);
    if (!mine) return;
    for (const [event, listener] of mine) this.emitter.off(event, listener);
    this.subscriptions.delete(subscriberId);
  }

  publish(event: ${F}Event, payload: ${F}EventPayload): number {
    this.emitter.emit(event, payload);
    return this.emitter.listenerCount(event);
  }
}
${ws}`;
}

function tValidators(r, F, k, n) {
  return `import type { Create${F}Input } from './types.js';

export interface ValidationIssue {
  path: string;
  message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

const MAX_TITLE = ${r.pick([80, 120, 200, 255])};

export function validateCreate${F}(input: unknown): Validated<Create${F}Input> {
  const issues: ValidationIssue[] = [];
  if (typeof input !== 'object' || input === null) {
    return { ok: false, issues: [{ path: '', message: 'expected an object' }] };
  }
  const o = input as Record<string, unknown>;
  if (typeof o.ownerId !== 'string' || o.ownerId.length === 0) issues.push({ path: 'ownerId', message: 'required' });
  if (typeof o.title !== 'string' || o.title.trim().length === 0) issues.push({ path: 'title', message: 'required' });
  else if (o.title.length > MAX_TITLE) issues.push({ path: 'title', message: \`at most \${MAX_TITLE} characters\` });
  if (o.amountCents !== undefined && (typeof o.amountCents !== 'number' || !Number.isFinite(o.amountCents))) {
    issues.push({ path: 'amountCents', message: 'must be a finite number' });
  }
  if (o.tags !== undefined && (!Array.isArray(o.tags) || o.tags.some((t) => typeof t !== 'string'))) {
    issues.push({ path: 'tags', message: 'must be an array of strings' });
  }
  if (issues.length) return { ok: false, issues };
  return {
    ok: true,
    value: {
      ownerId: o.ownerId as string,
      title: (o.title as string).trim(),
      amountCents: o.amountCents as number | undefined,
      tags: o.tags as string[] | undefined,
${n.sessionField ? '      sessionId: typeof o.sessionId === \'string\' ? o.sessionId : undefined,\n' : ''}    },
  };
}
`;
}

function tTest(r, F, k, n) {
  return `import { describe, it, expect, beforeEach, vi } from 'vitest';
import { ${F}Service } from './service.js';
import { InMemory${F}Repository } from './repository.js';
import { HttpClient } from '../../lib/http-client.js';

describe('${F}Service', () => {
  let service: ${F}Service;

  beforeEach(() => {
    const http = new HttpClient('http://localhost:${r.int(3000, 9999)}');
    vi.spyOn(http, 'ping').mockResolvedValue(true);
    service = new ${F}Service(new InMemory${F}Repository(), http${n.chatNoise ? ', { createMessage: vi.fn().mockResolvedValue({ id: \'m1\' }) }' : ''});
  });

  it('creates and reads back a ${k.replace(/-/g, ' ')}', async () => {
    const created = await service.create({ ownerId: 'usr_1', title: '  First  ', tags: ['b', 'a', 'b'] });
    const read = await service.get(created.id);
    expect(read.title).toBe('First');
    expect(read.tags).toEqual(['a', 'b']);
  });

  it('archives', async () => {
    const created = await service.create({ ownerId: 'usr_1', title: 'x' });
    created.transition('active');
    await expect(service.archive(created.id)).resolves.toBeDefined();
  });

  it('lists by owner', async () => {
    await service.create({ ownerId: 'usr_1', title: 'one' });
    await service.create({ ownerId: 'usr_2', title: 'two' });
    const page = await service.list({ ownerId: 'usr_2' });
    expect(page.total).toBe(1);
  });
${n.sessionNoise ? `
  it('tracks viewers per session', async () => {
    const created = await service.create({ ownerId: 'usr_1', title: 'seen' }, 'sess-abc');
    service.trackView('sess-abc', created.id);
    service.trackView('sess-def', created.id);
    expect(service.viewersOf(created.id).sort()).toEqual(['sess-abc', 'sess-def']);
    service.endSession('sess-abc');
    expect(service.viewersOf(created.id)).toEqual(['sess-def']);
  });
` : ''}${n.chatNoise ? `
  it('notifies the owner', async () => {
    const created = await service.create({ ownerId: 'usr_9', title: 'ping me' });
    await expect(service.notifyOwner(created.id, 'hello')).resolves.toBeUndefined();
  });
` : ''}});
`;
}

// --- utilities
function tUtil(r, topic, sfx) {
  const S = sfx ? String(sfx) : '';
  switch (topic) {
    case 'strings':
      return `export function slugify${S}(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\\u0300-\\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function truncate${S}(input: string, max: number, ellipsis = '…'): string {
  if (input.length <= max) return input;
  return input.slice(0, Math.max(0, max - ellipsis.length)) + ellipsis;
}

export function titleCase${S}(input: string): string {
  return input.replace(/\\w\\S*/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase());
}

export function initials${S}(name: string): string {
  return name
    .split(/\\s+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
}
`;
    case 'dates':
      return `const DAY_MS${S} = 24 * 60 * 60 * 1000;

export function startOfDay${S}(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function addDays${S}(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY_MS${S});
}

export function daysBetween${S}(a: Date, b: Date): number {
  return Math.round((startOfDay${S}(b).getTime() - startOfDay${S}(a).getTime()) / DAY_MS${S});
}

export function isoWeek${S}(d: Date): number {
  const t = startOfDay${S}(d);
  t.setUTCDate(t.getUTCDate() + 4 - (t.getUTCDay() || 7));
  const yearStart = new Date(Date.UTC(t.getUTCFullYear(), 0, 1));
  return Math.ceil(((t.getTime() - yearStart.getTime()) / DAY_MS${S} + 1) / 7);
}
`;
    case 'arrays':
      return `export function chunk${S}<T>(items: readonly T[], size: number): T[][] {
  if (size <= 0) throw new RangeError('size must be positive');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function groupBy${S}<T, K extends string | number>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const bucket = out.get(k);
    if (bucket) bucket.push(item);
    else out.set(k, [item]);
  }
  return out;
}

export function uniqueBy${S}<T>(items: readonly T[], key: (t: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return items.filter((i) => {
    const k = key(i);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function partition${S}<T>(items: readonly T[], pred: (t: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const i of items) (pred(i) ? yes : no).push(i);
  return [yes, no];
}
`;
    case 'money':
      return `export type Currency${S} = 'EUR' | 'USD' | 'GBP' | 'JPY';

const MINOR_UNITS${S}: Record<Currency${S}, number> = { EUR: 2, USD: 2, GBP: 2, JPY: 0 };

export function formatMoney${S}(cents: number, currency: Currency${S}, locale = 'en-US'): string {
  const digits = MINOR_UNITS${S}[currency];
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits }).format(
    cents / 10 ** digits,
  );
}

export function allocate${S}(total: number, ratios: number[]): number[] {
  const sum = ratios.reduce((a, b) => a + b, 0);
  const shares = ratios.map((r) => Math.floor((total * r) / sum));
  let rest = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % shares.length, rest--) shares[i]! += 1;
  return shares;
}
`;
    case 'retry':
      return `export interface RetryOptions${S} {
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  retryOn?: (err: unknown) => boolean;
}

const sleep${S} = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retry${S}<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions${S} = {}): Promise<T> {
  const { attempts = 3, baseDelayMs = 100, maxDelayMs = 5_000, retryOn = () => true } = opts;
  let lastErr: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      lastErr = err;
      if (attempt === attempts || !retryOn(err)) break;
      await sleep${S}(Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)));
    }
  }
  throw lastErr;
}
`;
    case 'pagination':
      return `export interface PageRequest${S} {
  cursor?: string;
  limit?: number;
}

export function encodeCursor${S}(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

export function decodeCursor${S}(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown };
    return typeof v.o === 'number' && v.o >= 0 ? v.o : 0;
  } catch {
    return 0;
  }
}

export function paginate${S}<T>(items: readonly T[], req: PageRequest${S}): { items: T[]; nextCursor?: string } {
  const offset = decodeCursor${S}(req.cursor);
  const limit = Math.min(Math.max(req.limit ?? 20, 1), 100);
  const slice = items.slice(offset, offset + limit);
  return { items: slice, nextCursor: offset + limit < items.length ? encodeCursor${S}(offset + limit) : undefined };
}
`;
    case 'env':
      return `export function requireEnv${S}(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const v = env[name];
  if (v === undefined || v === '') throw new Error(\`missing environment variable \${name}\`);
  return v;
}

export function intEnv${S}(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const v = env[name];
  if (!v) return fallback;
  const n = Number.parseInt(v, 10);
  if (Number.isNaN(n)) throw new Error(\`\${name} must be an integer\`);
  return n;
}

export function boolEnv${S}(name: string, fallback = false, env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env[name]?.toLowerCase();
  if (v === undefined) return fallback;
  return v === '1' || v === 'true' || v === 'yes';
}
`;
    case 'hashing':
      return `import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function sha256${S}(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function randomToken${S}(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

export function safeEqual${S}(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
`;
    case 'url':
      return `export function withQuery${S}(base: string, params: Record<string, string | number | undefined>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

export function joinPath${S}(...parts: string[]): string {
  return parts
    .map((p, i) => (i === 0 ? p.replace(/\\/+$/, '') : p.replace(/^\\/+|\\/+$/g, '')))
    .filter(Boolean)
    .join('/');
}

export function isSameOrigin${S}(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
`;
    case 'objects':
      return `export function isPlainObject${S}(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

export function deepMerge${S}<T extends Record<string, unknown>>(target: T, ...sources: Partial<T>[]): T {
  for (const src of sources) {
    for (const [k, v] of Object.entries(src)) {
      const cur = (target as Record<string, unknown>)[k];
      if (isPlainObject${S}(cur) && isPlainObject${S}(v)) deepMerge${S}(cur, v);
      else (target as Record<string, unknown>)[k] = v;
    }
  }
  return target;
}

export function pick${S}<T extends object, K extends keyof T>(obj: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) if (k in obj) out[k] = obj[k];
  return out;
}
`;
    case 'result':
      return `export type Result${S}<T, E = Error> = { ok: true; value: T } | { ok: false; error: E };

export const ok${S} = <T>(value: T): Result${S}<T, never> => ({ ok: true, value });
export const err${S} = <E>(error: E): Result${S}<never, E> => ({ ok: false, error });

export async function attempt${S}<T>(fn: () => Promise<T>): Promise<Result${S}<T>> {
  try {
    return ok${S}(await fn());
  } catch (e) {
    return err${S}(e instanceof Error ? e : new Error(String(e)));
  }
}

export function unwrap${S}<T, E>(r: Result${S}<T, E>): T {
  if (r.ok) return r.value;
  throw r.error instanceof Error ? r.error : new Error(String(r.error));
}
`;
    case 'timing':
      return `export function debounce${S}<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let t: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (t) clearTimeout(t);
    t = setTimeout(() => fn(...args), ms);
  };
}

export function throttle${S}<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let last = 0;
  return (...args: A) => {
    const now = Date.now();
    if (now - last >= ms) {
      last = now;
      fn(...args);
    }
  };
}

export async function withTimeout${S}<T>(p: Promise<T>, ms: number, label = 'operation'): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(\`\${label} timed out after \${ms}ms\`)), ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}
`;
    case 'chat-format':
      return `export type Role${S} = 'system' | 'user' | 'assistant';

export interface ChatMessage${S} {
  role: Role${S};
  content: string;
  name?: string;
}

/** Builds a chat message for our support-bot vendor API (not related to any protocol sampling). */
export function createMessage${S}(role: Role${S}, content: string, name?: string): ChatMessage${S} {
  return name ? { role, content, name } : { role, content };
}

export function toTranscript${S}(messages: readonly ChatMessage${S}[]): string {
  return messages.map((m) => \`\${m.role}\${m.name ? \` (\${m.name})\` : ''}: \${m.content}\`).join('\\n');
}

export function lastUserMessage${S}(messages: readonly ChatMessage${S}[]): ChatMessage${S} | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'user') return messages[i];
  return undefined;
}
`;
    case 'session-tokens':
      return `import { createHmac } from 'node:crypto';

/** Parses our signed cookie "s:<sessionId>.<sig>" (express-session format). */
export function parseSessionId${S}(cookie: string | undefined, secret: string): string | undefined {
  if (!cookie?.startsWith('s:')) return undefined;
  const raw = cookie.slice(2);
  const dot = raw.lastIndexOf('.');
  if (dot < 0) return undefined;
  const sessionId = raw.slice(0, dot);
  const sig = raw.slice(dot + 1);
  const expected = createHmac('sha256', secret).update(sessionId).digest('base64').replace(/=+$/, '');
  return sig === expected ? sessionId : undefined;
}

export interface SessionRecord${S} {
  sessionId: string;
  userId: string;
  expiresAt: number;
}

export class SessionIndex${S} {
  private readonly byId = new Map<string, SessionRecord${S}>();
  private readonly byUser = new Map<string, Set<string>>();

  put(rec: SessionRecord${S}): void {
    this.byId.set(rec.sessionId, rec);
    const set = this.byUser.get(rec.userId) ?? new Set<string>();
    set.add(rec.sessionId);
    this.byUser.set(rec.userId, set);
  }

  get(sessionId: string, now = Date.now()): SessionRecord${S} | undefined {
    const rec = this.byId.get(sessionId);
    if (rec && rec.expiresAt < now) {
      this.delete(sessionId);
      return undefined;
    }
    return rec;
  }

  delete(sessionId: string): void {
    const rec = this.byId.get(sessionId);
    if (!rec) return;
    this.byId.delete(sessionId);
    this.byUser.get(rec.userId)?.delete(sessionId);
  }
}
`;
    case 'heartbeat':
      return `import net from 'node:net';

/** TCP reachability check used by the health endpoint. */
export function ping${S}(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export class Heartbeat${S} {
  private timer?: ReturnType<typeof setInterval>;
  private misses = 0;

  constructor(private readonly check: () => Promise<boolean>, private readonly onDown: () => void) {}

  start(everyMs = 10_000): void {
    this.stop();
    this.timer = setInterval(async () => {
      this.misses = (await this.check()) ? 0 : this.misses + 1;
      if (this.misses >= 3) this.onDown();
    }, everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
`;
    case 'csv':
    default:
      return `export function toCsv${S}(rows: readonly Record<string, unknown>[], columns?: string[]): string {
  const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const esc = (v: unknown) => {
    const s = v === undefined || v === null ? '' : String(v);
    return /[",\\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  };
  return [cols.join(','), ...rows.map((r) => cols.map((c) => esc(r[c])).join(','))].join('\\n');
}

export function parseCsvLine${S}(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}
`;
  }
}

// --- fixed per-package files
function tIds() {
  return `import { randomBytes } from 'node:crypto';

export type EntityId = string;
export type Timestamp = string;

export function newId(prefix: string): EntityId {
  return \`\${prefix}_\${randomBytes(9).toString('base64url')}\`;
}

export function isEntityId(v: unknown): v is EntityId {
  return typeof v === 'string' && /^[a-z]{2,5}_[A-Za-z0-9_-]{8,}$/.test(v);
}

export function now(): Timestamp {
  return new Date().toISOString();
}
`;
}

function tHttpClient(r, n) {
  return `export interface HttpClientOptions {
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  constructor(readonly status: number, readonly body: string) {
    super(\`HTTP \${status}\`);
  }
}

export class HttpClient {
  private readonly headers: Record<string, string>;

  constructor(private readonly baseUrl: string, private readonly opts: HttpClientOptions = {}) {
    this.headers = { 'content-type': 'application/json', ...(opts.headers ?? {}) };
  }

  /** Same client, but every request carries the caller's browser session for tracing. */
  withSession(sessionId: string): HttpClient {
    return new HttpClient(this.baseUrl, { ...this.opts, headers: { ...this.headers, 'x-session-id': sessionId } });
  }

  async get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('POST', path, body);
  }

  async delete(path: string): Promise<void> {
    await this.request('DELETE', path);
  }

  async ping(): Promise<boolean> {
    try {
      await this.request('GET', '/ping');
      return true;
    } catch {
      return false;
    }
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), this.opts.timeoutMs ?? ${r.pick([2000, 5000, 10000])});
    try {
      const res = await fetch(this.baseUrl + path, {
        method,
        headers: this.headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: ctl.signal,
      });
      const text = await res.text();
      if (!res.ok) throw new HttpError(res.status, text);
      return (text ? JSON.parse(text) : undefined) as T;
    } finally {
      clearTimeout(timer);
    }
  }
}
`;
}

function tLogger() {
  return `export type Level = 'debug' | 'info' | 'warn' | 'error';

export interface LogTransport {
  write(line: string): void;
}

const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const transports = new Map<string, LogTransport>([['stdout', { write: (l) => process.stdout.write(l + '\\n') }]]);
let minLevel: Level = (process.env.LOG_LEVEL as Level | undefined) ?? 'info';

export function addTransport(id: string, t: LogTransport): void {
  transports.set(id, t);
}

export function removeTransport(id: string): void {
  transports.delete(id);
}

export function setLevel(level: Level): void {
  minLevel = level;
}

export function createLogger(name: string) {
  const emit = (level: Level, msg: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[level] < ORDER[minLevel]) return;
    const line = JSON.stringify({ level, name, msg, ...fields });
    for (const t of transports.values()) t.write(line);
  };
  return {
    debug: (msg: string, fields?: Record<string, unknown>) => emit('debug', msg, fields),
    info: (msg: string, fields?: Record<string, unknown>) => emit('info', msg, fields),
    warn: (msg: string, fields?: Record<string, unknown>) => emit('warn', msg, fields),
    error: (msg: string, fields?: Record<string, unknown>) => emit('error', msg, fields),
    /** Kept for the old notifier API. */
    sendLoggingMessage: (params: { level: Level; data: unknown }) => emit(params.level, String(params.data)),
  };
}
`;
}

function tCache() {
  return `export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 1_000) {}

  get(key: K, now = Date.now()): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
`;
}

function tSessionMiddleware(r) {
  return `import session from 'express-session';
import type { RequestHandler } from 'express';
import { newId } from '../utils/ids.js';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    cartId?: string;
    csrf?: string;
  }
}

export function sessionMiddleware(secret: string, secure = process.env.NODE_ENV === 'production'): RequestHandler {
  return session({
    name: 'sid',
    secret,
    resave: false,
    saveUninitialized: false,
    genid: () => newId('sess'),
    cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: ${r.pick([3600, 7200, 86400])} * 1000 },
  });
}

export function currentSessionId(req: { sessionID?: string }): string | undefined {
  return req.sessionID;
}

export function regenerate(req: { session: { regenerate(cb: (err?: unknown) => void): void } }): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
}
`;
}

function tAuthMiddleware() {
  return `import type { Request, Response, NextFunction } from 'express';

export function requireUser(req: Request, res: Response, next: NextFunction): void {
  if (!req.session?.userId) {
    res.status(401).json({ error: 'login required' });
    return;
  }
  next();
}

export function bearerToken(req: Request): string | undefined {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7) : undefined;
}

export function requestId(req: Request): string {
  return (req.headers['x-request-id'] as string | undefined) ?? (req.headers['x-session-id'] as string | undefined) ?? 'none';
}
`;
}

function tConfig(r, pkg, n) {
  return `import { intEnv, requireEnv } from './utils/env.js';

export const config = {
  service: '${pkg}',
  domain: '${n.domain}',
  port: intEnv('PORT', ${r.int(3000, 9000)}),
  sessionSecret: process.env.SESSION_SECRET ?? 'dev-only-secret',
  sessionTtlSeconds: intEnv('SESSION_TTL', ${r.pick([1800, 3600, 86400])}),
  upstreamUrl: process.env.UPSTREAM_URL ?? 'http://localhost:${r.int(4000, 9000)}',
  get databaseUrl(): string {
    return requireEnv('DATABASE_URL');
  },
} as const;

export type Config = typeof config;
`;
}

function tApp(r, features) {
  const imp = [];
  const wire = [];
  for (const { name: f, chat } of features) {
    const F = pascal(f);
    imp.push(`import { ${camel(f)}Routes } from './features/${f}/routes.js';`);
    imp.push(`import { ${F}Service } from './features/${f}/service.js';`);
    imp.push(`import { InMemory${F}Repository } from './features/${f}/repository.js';`);
    wire.push(`  app.use('/api', ${camel(f)}Routes(new ${F}Service(new InMemory${F}Repository(), http${chat ? ', chat' : ''})));`);
  }
  return `import express, { type Express } from 'express';
import { sessionMiddleware } from './middleware/session.js';
import { HttpClient } from './lib/http-client.js';
import { config } from './config.js';
${imp.join('\n')}

export function createApp(chat: { createMessage(msg: { channel: string; text: string }): Promise<{ id: string }> }): Express {
  const app = express();
  const http = new HttpClient(config.upstreamUrl);
  app.use(express.json({ limit: '1mb' }));
  app.use(sessionMiddleware(config.sessionSecret));

  app.get('/health', async (_req, res) => {
    res.json({ ok: await http.ping(), service: config.service });
  });

  // Logs the browser session out (express-session), unrelated to any protocol session.
  app.delete('/session', (req, res) => {
    req.session.destroy(() => res.status(204).end());
  });

${wire.join('\n')}
  void chat;
  return app;
}
`;
}

// ---------------------------------------------------------------- ordinary package
function genPackage(w, r, pkgIdx, nFiles, stats, mentionBudget) {
  const pkg = `pkg-${pad3(pkgIdx)}`;
  const root = `packages/${pkg}`;
  const domain = DOMAINS[pkgIdx % DOMAINS.length];
  const crossPkg = pkgIdx > 0 ? `pkg-${pad3(r.int(0, pkgIdx - 1))}` : null;
  const fixedFiles = ['src/index.ts', 'src/config.ts', 'src/app.ts', 'src/utils/ids.ts', 'src/utils/env.ts',
    'src/lib/http-client.ts', 'src/lib/logger.ts', 'src/lib/cache.ts', 'src/middleware/session.ts', 'src/middleware/auth.ts'];
  const fixed = fixedFiles.length;
  const budget = Math.max(0, nFiles - fixed);
  let nFeatures = Math.floor(budget / 8);
  let nUtils = budget - nFeatures * 8;
  if (nUtils < 2 && nFeatures > 0) { nFeatures--; nUtils += 8; }

  // feature names, unique in package
  const features = [];
  const used = new Set();
  while (features.length < nFeatures) {
    let name = r.chance(0.35) ? r.pick(NOUNS) : `${r.pick(QUALIFIERS)}-${r.pick(NOUNS)}`;
    for (let k = 2; used.has(name); k++) name = name.replace(/-\d+$/, '') + `-${k}`;
    used.add(name);
    features.push(name);
  }
  const chatFeatures = new Set();

  const written = [];
  const emit = (rel, content) => { w.write(`${root}/${rel}`, content); written.push(rel); stats.ordinaryFiles++; };

  for (const f of features) {
    const F = pascal(f);
    const n = {
      domain,
      salt: r.int(0, 9),
      fields: r.int(0, 6),
      sessionField: r.chance(0.25),
      sessionNoise: r.chance(0.3),
      chatNoise: r.chance(0.15),
      pingNoise: r.chance(0.3),
      wsNoise: r.chance(0.2),
      crossPkg: crossPkg && r.chance(0.3) ? crossPkg : null,
      mcpMention: 0,
    };
    if (mentionBudget.left > 0 && r.chance(mentionBudget.p)) { n.mcpMention = r.chance(0.5) ? 1 : 2; mentionBudget.left--; stats.mcpMentionFiles++; }
    if (n.sessionNoise || n.sessionField) stats.sessionNoiseFeatures++;
    if (n.chatNoise) { chatFeatures.add(f); stats.chatNoiseFeatures++; }
    const dir = `src/features/${f}`;
    emit(`${dir}/types.ts`, tTypes(r, F, f, n));
    emit(`${dir}/model.ts`, tModel(r, F, f, n));
    emit(`${dir}/repository.ts`, tRepository(r, F, f, n));
    emit(`${dir}/service.ts`, tService(r, F, f, n));
    emit(`${dir}/routes.ts`, tRoutes(r, F, f, n));
    emit(`${dir}/events.ts`, tEvents(r, F, f, n));
    emit(`${dir}/validators.ts`, tValidators(r, F, f, n));
    emit(`${dir}/service.test.ts`, tTest(r, F, f, n));
  }
  const utilCounts = {};
  const utilFiles = [];
  for (let i = 0; i < nUtils; i++) {
    const topic = UTIL_TOPICS[(i + pkgIdx) % UTIL_TOPICS.length];
    const c = (utilCounts[topic] = (utilCounts[topic] ?? 0) + 1);
    const file = c === 1 ? topic : `${topic}-${c}`;
    utilFiles.push(file);
    emit(`src/utils/${file}.ts`, tUtil(r, topic, c === 1 ? '' : c));
  }
  emit('src/utils/ids.ts', tIds());
  emit('src/utils/env.ts', tUtil(r, 'env', ''));
  emit('src/lib/http-client.ts', tHttpClient(r));
  emit('src/lib/logger.ts', tLogger());
  emit('src/lib/cache.ts', tCache());
  emit('src/middleware/session.ts', tSessionMiddleware(r));
  emit('src/middleware/auth.ts', tAuthMiddleware());
  emit('src/config.ts', tConfig(r, pkg, { domain }));
  emit('src/app.ts', tApp(r, features.map((name) => ({ name, chat: chatFeatures.has(name) }))));
  const barrel = [
    `export * from './utils/ids.js';`,
    `export { config } from './config.js';`,
    `export { createApp } from './app.js';`,
    ...features.map((f) => `export { ${pascal(f)}Service } from './features/${f}/service.js';\nexport type { ${pascal(f)} } from './features/${f}/types.js';`),
  ];
  emit('src/index.ts', barrel.join('\n') + '\n');

  const deps = { express: '^4.21.0', 'express-session': '^1.18.0' };
  if (crossPkg) deps[`@acme/${crossPkg}`] = '*';
  w.write(`${root}/package.json`, JSON.stringify({ name: `@acme/${pkg}`, version: '1.0.0', private: true, type: 'module',
    main: 'dist/index.js', scripts: { build: 'tsc -p .', test: 'vitest run' }, dependencies: deps }, null, 2) + '\n');
  w.write(`${root}/tsconfig.json`, JSON.stringify({ extends: '../../tsconfig.json', compilerOptions: { outDir: 'dist', rootDir: 'src' }, include: ['src'] }, null, 2) + '\n');

  // build output that must be skipped
  if (pkgIdx % 4 === 1) {
    for (const f of features.slice(0, 4)) {
      const F = pascal(f);
      w.write(`${root}/dist/features/${f}/service.js`, `export class ${F}Service {\n  constructor(repo, http) { this.repo = repo; this.http = http; this.inflight = new Map(); }\n  async get(id) { return this.repo.findById(id); }\n}\n`);
      w.write(`${root}/dist/features/${f}/service.d.ts`, `export declare class ${F}Service {\n  private readonly repo;\n  get(id: string): Promise<unknown>;\n}\n`);
      stats.ignoredFiles += 2;
    }
  }
  if (pkgIdx % 10 === 3) {
    w.write(`${root}/coverage/lcov-report/prettify.js`, `window.PR_SHOULD_USE_CONTINUATION=true;var sessionId=null;function ping(){return true}\n`);
    stats.ignoredFiles++;
  }
  return { pkg, features, written };
}

// ---------------------------------------------------------------- MCP servers (generated)
const GEN_SERVERS = {
  'mcp-gen-http-v1': {
    sdk: 'v1',
    pkg: { dependencies: { '@modelcontextprotocol/sdk': '^1.20.0', express: '^4.21.0', zod: '^3.25.0' } },
    files: {
      'src/mcp.ts': `// Project-local barrel over the SDK, so the rest of the server imports from one place.
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
export type { ServerRequest, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
export type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
`,
      'src/index.ts': `import express from 'express';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport, isInitializeRequest } from './mcp.js';
import { buildServer } from './server.js';
import { logSession } from './telemetry.js';

const app = express();
app.use(express.json());

// One transport per MCP session.
const transports: { [sessionId: string]: StreamableHTTPServerTransport } = {};

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: StreamableHTTPServerTransport;

  if (sessionId && transports[sessionId]) {
    transport = transports[sessionId];
  } else if (!sessionId && isInitializeRequest(req.body)) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        transports[sid] = transport;
        logSession('open', sid);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) {
        delete transports[transport.sessionId];
        logSession('close', transport.sessionId);
      }
    };
    const server = buildServer();
    await server.connect(transport);
  } else {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
    return;
  }

  await transport.handleRequest(req, res, req.body);
});

const handleSessionRequest = async (req: express.Request, res: express.Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (!sessionId || !transports[sessionId]) {
    res.status(400).send('Invalid or missing session ID');
    return;
  }
  await transports[sessionId].handleRequest(req, res);
};

app.get('/mcp', handleSessionRequest);
app.delete('/mcp', handleSessionRequest);

app.listen(Number(process.env.PORT ?? 3000));
`,
      'src/server.ts': `import { McpServer } from './mcp.js';
import { registerCartTools } from './tools/cart.js';
import { registerSearchTools } from './tools/search.js';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'shop', version: '1.4.0' }, { capabilities: { logging: {} } });
  registerCartTools(server);
  registerSearchTools(server);
  return server;
}
`,
      'src/session-context.ts': `import type { RequestHandlerExtra, ServerRequest, ServerNotification } from './mcp.js';

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The key we keep per-conversation state under. */
export function sessionKey(extra: Extra): string {
  return extra.sessionId ?? 'anonymous';
}

export function requireSession(extra: Extra): string {
  const { sessionId } = extra;
  if (!sessionId) throw new Error('this tool needs a session');
  return sessionId;
}
`,
      'src/state/carts.ts': `export interface CartLine {
  sku: string;
  qty: number;
}

export interface Cart {
  lines: CartLine[];
  updatedAt: number;
}

export const carts = new Map<string, Cart>();

export function getCart(key: string): Cart {
  let cart = carts.get(key);
  if (!cart) {
    cart = { lines: [], updatedAt: Date.now() };
    carts.set(key, cart);
  }
  return cart;
}
`,
      'src/tools/cart.ts': `import { z } from 'zod';
import type { McpServer } from '../mcp.js';
import { requireSession, sessionKey } from '../session-context.js';
import { carts, getCart } from '../state/carts.js';

export function registerCartTools(server: McpServer): void {
  server.registerTool(
    'add_item',
    { description: 'Add an item to the cart', inputSchema: { sku: z.string(), qty: z.number().int().positive() } },
    async ({ sku, qty }, extra) => {
      const cart = getCart(sessionKey(extra));
      const line = cart.lines.find((l) => l.sku === sku);
      if (line) line.qty += qty;
      else cart.lines.push({ sku, qty });
      cart.updatedAt = Date.now();
      return { content: [{ type: 'text', text: \`Cart has \${cart.lines.length} line(s)\` }] };
    },
  );

  server.registerTool('view_cart', { description: 'Show the cart', inputSchema: {} }, async (_args, extra) => {
    const cart = carts.get(sessionKey(extra));
    const text = cart?.lines.map((l) => \`\${l.qty} x \${l.sku}\`).join('\\n') || 'Cart is empty';
    return { content: [{ type: 'text', text }] };
  });

  server.registerTool('checkout', { description: 'Check out the cart', inputSchema: {} }, async (_args, extra) => {
    const sid = requireSession(extra);
    const cart = carts.get(sid);
    if (!cart || cart.lines.length === 0) return { content: [{ type: 'text', text: 'Nothing to check out' }], isError: true };
    carts.delete(sid);
    return { content: [{ type: 'text', text: \`Ordered \${cart.lines.length} line(s)\` }] };
  });
}
`,
      'src/tools/search.ts': `import { z } from 'zod';
import type { McpServer } from '../mcp.js';
import { logger } from '../telemetry.js';

const CATALOG = ['red-mug', 'blue-mug', 'green-tea', 'black-tea', 'espresso-beans'];

export function registerSearchTools(server: McpServer): void {
  server.registerTool(
    'search',
    { description: 'Search the catalog', inputSchema: { q: z.string().min(1) } },
    async ({ q }, extra) => {
      logger.info('search', { q, session: extra.sessionId });
      const hits = CATALOG.filter((sku) => sku.includes(q.toLowerCase()));
      await server.sendLoggingMessage({ level: 'debug', data: \`search \${q}: \${hits.length} hit(s)\` });
      return { content: [{ type: 'text', text: hits.join(', ') || 'no match' }] };
    },
  );
}
`,
      'src/telemetry.ts': `export const logger = {
  info(msg: string, fields: Record<string, unknown> = {}): void {
    console.error(JSON.stringify({ level: 'info', msg, ...fields }));
  },
};

export function logSession(event: 'open' | 'close', sessionId: string): void {
  logger.info(\`session \${event}\`, { sessionId });
}
`,
      // ignored build output (dist/ is git-ignored): must not be scanned
      'dist/index.js': `import express from 'express';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
const app = express();
const transports = {};
app.post('/mcp', async (req, res) => {
    const sessionId = req.headers['mcp-session-id'];
    let transport = sessionId ? transports[sessionId] : undefined;
    if (!transport && isInitializeRequest(req.body)) {
        transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sid) => { transports[sid] = transport; } });
    }
    await transport.handleRequest(req, res, req.body);
});
`,
    },
  },
  'mcp-gen-stdio-v1': {
    sdk: 'v1',
    pkg: { dependencies: { '@modelcontextprotocol/sdk': '^1.20.0', zod: '^3.25.0' } },
    files: {
      'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { registerSummarize } from './tools/summarize.js';
import { registerFiles } from './tools/files.js';
import { workspace } from './workspace.js';

const server = new McpServer(
  { name: 'notes', version: '0.3.0' },
  { capabilities: { logging: {}, tools: {} } },
);

async function refreshRoots(): Promise<void> {
  const res = await server.server.listRoots();
  workspace.setRoots(res.roots.map((r) => r.uri));
}

server.server.oninitialized = async () => {
  const caps = server.server.getClientCapabilities();
  if (caps?.roots) await refreshRoots();
  const client = server.server.getClientVersion();
  console.error(\`connected: \${client?.name ?? 'unknown'}\`);
};

server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
  await refreshRoots();
});

registerSummarize(server);
registerFiles(server);

setInterval(() => {
  server.server.ping().catch(() => console.error('client went away'));
}, 30_000).unref();

await server.connect(new StdioServerTransport());
`,
      'src/workspace.ts': `class Workspace {
  private roots: string[] = [];

  setRoots(roots: string[]): void {
    this.roots = roots;
  }

  list(): string[] {
    return [...this.roots];
  }
}

export const workspace = new Workspace();
`,
      'src/log.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export async function log(server: McpServer, level: 'debug' | 'info' | 'warning' | 'error', data: unknown): Promise<void> {
  await server.sendLoggingMessage({ level, logger: 'notes', data });
}
`,
      'src/tools/summarize.ts': `import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { log } from '../log.js';

export function registerSummarize(server: McpServer): void {
  server.registerTool(
    'summarize',
    { description: 'Summarize a note with the client model', inputSchema: { text: z.string() } },
    async ({ text }) => {
      await log(server, 'info', \`summarizing \${text.length} chars\`);
      const result = await server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: \`Summarize:\\n\\n\${text}\` } }],
        maxTokens: 300,
      });
      const out = result.content.type === 'text' ? result.content.text : '(non-text reply)';
      return { content: [{ type: 'text', text: out }] };
    },
  );
}
`,
      'src/tools/files.ts': `import { z } from 'zod';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { workspace } from '../workspace.js';

export function registerFiles(server: McpServer): void {
  server.registerTool('list_roots', { description: 'List workspace roots', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: workspace.list().join('\\n') || '(no roots)' }],
  }));

  server.registerTool(
    'read_note',
    { description: 'Read a note inside a workspace root', inputSchema: { path: z.string() } },
    async ({ path }) => {
      const root = workspace.list()[0];
      if (!root) return { content: [{ type: 'text', text: 'no roots' }], isError: true };
      const text = await readFile(new URL(path, root.endsWith('/') ? root : root + '/').pathname, 'utf8');
      void fileURLToPath;
      return { content: [{ type: 'text', text }] };
    },
  );
}
`,
    },
  },
  'mcp-gen-v2-session': {
    sdk: 'v2',
    pkg: { dependencies: { '@modelcontextprotocol/server': '^2.0.0', '@modelcontextprotocol/node': '^2.0.0', express: '^5.1.0', zod: '^4.1.0' } },
    files: {
      'src/index.ts': `import express from 'express';
import { randomUUID } from 'node:crypto';
import { isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createServer } from './server.js';
import { sessions } from './sessions.js';

const SESSION_HEADER = 'mcp-session-id';
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sid = req.header(SESSION_HEADER);
  const existing = sid ? sessions.get(sid) : undefined;
  if (existing) {
    await existing.transport.handleRequest(req, res, req.body);
    return;
  }
  if (sid || !isInitializeRequest(req.body)) {
    res.status(404).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
    return;
  }
  const server = createServer();
  const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: randomUUID,
    onsessioninitialized: (id) => {
      sessions.set(id, { transport, server, openedAt: Date.now() });
    },
    onsessionclosed: (id) => {
      sessions.delete(id);
    },
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.delete('/mcp', async (req, res) => {
  const sid = req.header(SESSION_HEADER);
  const entry = sid ? sessions.get(sid) : undefined;
  if (!entry) {
    res.status(404).end();
    return;
  }
  await entry.transport.handleRequest(req, res);
});

app.listen(8080);
`,
      'src/sessions.ts': `import type { McpServer } from '@modelcontextprotocol/server';
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

export interface SessionEntry {
  transport: NodeStreamableHTTPServerTransport;
  server: McpServer;
  openedAt: number;
}

export const sessions = new Map<string, SessionEntry>();
`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/server';
import { registerTicketTools } from './tools/tickets.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '2.0.0' });
  registerTicketTools(server);
  return server;
}
`,
      'src/store.ts': `export interface Ticket {
  id: string;
  title: string;
  status: 'open' | 'closed';
}

/** Tickets the current conversation is working on. */
export const ticketsBySession = new Map<string, Ticket[]>();
`,
      'src/tools/tickets.ts': `import * as z from 'zod/v4';
import type { McpServer } from '@modelcontextprotocol/server';
import { ticketsBySession, type Ticket } from '../store.js';

let counter = 0;

export function registerTicketTools(server: McpServer): void {
  server.registerTool(
    'open_ticket',
    { description: 'Open a ticket', inputSchema: z.object({ title: z.string() }) },
    async ({ title }, ctx) => {
      const owner = ctx.sessionId ?? 'none';
      const ticket: Ticket = { id: \`T-\${++counter}\`, title, status: 'open' };
      const list = ticketsBySession.get(owner) ?? [];
      list.push(ticket);
      ticketsBySession.set(owner, list);
      return { content: [{ type: 'text', text: \`opened \${ticket.id}\` }] };
    },
  );

  server.registerTool('my_tickets', { description: 'List my tickets', inputSchema: z.object({}) }, async (_args, ctx) => {
    const { sessionId } = ctx;
    const list = (sessionId && ticketsBySession.get(sessionId)) || [];
    return { content: [{ type: 'text', text: list.map((t) => \`\${t.id} \${t.title}\`).join('\\n') || 'none' }] };
  });

  server.registerTool(
    'close_ticket',
    { description: 'Close a ticket after confirming', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      const answer = await ctx.mcpReq.elicitInput({
        message: \`Close \${id}?\`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept' || !answer.content?.confirm) return { content: [{ type: 'text', text: 'kept open' }] };
      for (const list of ticketsBySession.values()) for (const t of list) if (t.id === id) t.status = 'closed';
      return { content: [{ type: 'text', text: \`closed \${id}\` }] };
    },
  );
}
`,
    },
  },
};

// An MCP *client* package: imports the SDK, but is not a server (no findings expected).
const CLIENT_PACKAGE = {
  'src/index.ts': `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export async function connect(url: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'acme-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  console.log('connected, session', transport.sessionId);
  return { client, transport };
}
`,
  'src/health.ts': `import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

export async function alive(client: Client): Promise<boolean> {
  try {
    await client.ping();
    return true;
  } catch {
    return false;
  }
}
`,
  'src/shutdown.ts': `import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export async function disconnect(transport: StreamableHTTPClientTransport): Promise<void> {
  if (transport.sessionId) await transport.terminateSession();
  await transport.close();
}
`,
};

// ---------------------------------------------------------------- ignored trees
function genNodeModules(w, r, stats, pkgNames) {
  const nm = 'node_modules';
  const put = (rel, c) => { w.write(`${nm}/${rel}`, c); stats.ignoredFiles++; };
  put('@modelcontextprotocol/sdk/package.json', JSON.stringify({ name: '@modelcontextprotocol/sdk', version: '1.20.0', type: 'module' }) + '\n');
  put('@modelcontextprotocol/sdk/dist/esm/server/streamableHttp.js', `export class StreamableHTTPServerTransport {
    constructor(options) { this.sessionIdGenerator = options.sessionIdGenerator; this._onsessioninitialized = options.onsessioninitialized; this._eventStore = options.eventStore; }
    async handleRequest(req, res, body) { const sessionId = req.headers['mcp-session-id']; if (this.sessionId !== sessionId) { res.writeHead(404).end(); } }
}
`);
  put('@modelcontextprotocol/sdk/dist/esm/server/streamableHttp.d.ts', `export interface StreamableHTTPServerTransportOptions { sessionIdGenerator: (() => string) | undefined; onsessioninitialized?: (sessionId: string) => void; }\nexport declare class StreamableHTTPServerTransport { sessionId?: string; constructor(options: StreamableHTTPServerTransportOptions); }\n`);
  put('@modelcontextprotocol/sdk/dist/esm/server/index.js', `export class Server { async createMessage(params) { return this.request({ method: 'sampling/createMessage', params }); } async listRoots() { return this.request({ method: 'roots/list' }); } async ping() { return this.request({ method: 'ping' }); } getClientCapabilities() { return this._clientCapabilities; } }\n`);
  put('@modelcontextprotocol/sdk/dist/esm/server/mcp.js', `import { Server } from './index.js';\nexport class McpServer { constructor(info, opts) { this.server = new Server(info, opts); } async sendLoggingMessage(params, sessionId) { return this.server.notification({ method: 'notifications/message', params }); } }\n`);
  put('express/package.json', JSON.stringify({ name: 'express', version: '4.21.2', main: 'index.js' }) + '\n');
  put('express/index.js', `'use strict';\nmodule.exports = require('./lib/express');\n`);
  put('express-session/package.json', JSON.stringify({ name: 'express-session', version: '1.18.1' }) + '\n');
  put('express-session/index.js', `'use strict';\nmodule.exports = session;\nfunction session(options) { var store = options.store; return function session(req, res, next) { req.sessionID = store.generate(req); next(); }; }\n`);
  // padding: a chunk of an ordinary dependency tree
  for (let i = 0; i < 400; i++) {
    const lib = `lib-${pad3(i % 40)}`;
    put(`${lib}/dist/part-${pad3(i)}.js`, `'use strict';\nObject.defineProperty(exports, '__esModule', { value: true });\nexports.fn${i} = function fn${i}(sessionId, a, b) { return String(sessionId) + (a + b) * ${r.int(1, 99)}; };\n`);
    if (i % 4 === 0) put(`${lib}/dist/part-${pad3(i)}.d.ts`, `export declare function fn${i}(sessionId: string, a: number, b: number): string;\n`);
  }
  // npm-workspaces style links back into packages/ (must not be followed/double-counted)
  fs.mkdirSync(path.join(w.root, nm, '@acme'), { recursive: true });
  for (const p of pkgNames.slice(0, 5)) {
    try { fs.symlinkSync(`../../packages/${p}`, path.join(w.root, nm, '@acme', p), 'dir'); } catch { /* no symlinks here */ }
  }
}

// ---------------------------------------------------------------- fixtures
export function listFixtures(fixturesDir = DEFAULT_FIXTURES_DIR) {
  let names = [];
  try {
    names = fs.readdirSync(fixturesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  } catch { /* none */ }
  return names.map((name) => ({ name, dir: path.join(fixturesDir, name) }));
}

function walkFiles(dir, out = [], rel = '') {
  let ents;
  try { ents = fs.readdirSync(dir, { withFileTypes: true }); } catch { return out; }
  ents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of ents) {
    if (e.name === 'node_modules' || e.name === '.git') continue;
    const abs = path.join(dir, e.name);
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) walkFiles(abs, out, r);
    else if (e.isFile()) out.push(r);
  }
  return out;
}

export function fixturesHash(fixturesDir = DEFAULT_FIXTURES_DIR) {
  const h = crypto.createHash('sha256');
  for (const f of listFixtures(fixturesDir)) {
    for (const rel of walkFiles(f.dir)) {
      h.update(`${f.name}/${rel}\0`);
      h.update(fs.readFileSync(path.join(f.dir, rel)));
      h.update('\0');
    }
  }
  return h.digest('hex').slice(0, 16);
}

export function generationKey({ files, seed, fixturesDir = DEFAULT_FIXTURES_DIR }) {
  const self = fs.readFileSync(fileURLToPath(import.meta.url));
  const h = crypto.createHash('sha256').update(self).update(`\0${GENERATOR_VERSION}\0${files}\0${seed}\0${fixturesHash(fixturesDir)}`);
  return h.digest('hex').slice(0, 20);
}

function detectSdk(absDir) {
  let v1 = false;
  let v2 = false;
  for (const rel of walkFiles(absDir)) {
    if (!SOURCE_RE.test(rel) || rel.startsWith('dist/')) continue;
    const text = fs.readFileSync(path.join(absDir, rel), 'utf8');
    if (/['"]@modelcontextprotocol\/sdk(?:\/[^'"]*)?['"]/.test(text)) v1 = true;
    if (/['"]@modelcontextprotocol\/(?:server|node|express|hono|fastify|server-legacy|core)(?:\/[^'"]*)?['"]/.test(text)) v2 = true;
  }
  return v1 && v2 ? 'mixed' : v1 ? 'v1' : v2 ? 'v2' : 'none';
}

function countSources(absDir) {
  return walkFiles(absDir).filter((r) => SOURCE_RE.test(r) && !r.startsWith('dist/') && !/(^|\/)(coverage|tmp)\//.test(r)).length;
}

// ---------------------------------------------------------------- main
export function generate(outDir, { files = 20000, seed = 1, fixturesDir = DEFAULT_FIXTURES_DIR, quiet = false } = {}) {
  const t0 = performance.now();
  outDir = path.resolve(outDir);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const w = new Writer(outDir);
  const r = new Rng(seed);
  const stats = { ordinaryFiles: 0, ignoredFiles: 0, mcpMentionFiles: 0, sessionNoiseFeatures: 0, chatNoiseFeatures: 0 };

  // ordinary packages: ~100 files each, varying, summing to exactly `files`
  const sizes = [];
  let left = files;
  while (left > 0) {
    let n = r.int(60, 140);
    if (left - n < 30) n = left;
    sizes.push(n);
    left -= n;
  }
  const pkgNames = [];
  const mentionBudget = { left: Math.max(4, Math.round(files / 500)), p: 0.03 };
  for (let i = 0; i < sizes.length; i++) {
    const { pkg } = genPackage(w, r, i, sizes[i], stats, mentionBudget);
    pkgNames.push(pkg);
  }
  if (stats.ordinaryFiles !== files) throw new Error(`generator bug: ${stats.ordinaryFiles} ordinary files, wanted ${files}`);

  // a .gitignored scratch dir and a generated file inside ordinary packages
  w.write(`packages/${pkgNames[Math.min(2, pkgNames.length - 1)]}/.gitignore`, 'tmp/\n');
  w.write(`packages/${pkgNames[Math.min(2, pkgNames.length - 1)]}/tmp/scratch-server.ts`, GEN_SERVERS['mcp-gen-http-v1'].files['src/index.ts'].replace("./mcp.js", '@modelcontextprotocol/sdk/server/streamableHttp.js'));
  w.write(`packages/${pkgNames[0]}/src/api/openapi.generated.ts`, `// generated — do not edit\nexport interface paths { '/sessions/{sessionId}': { get: { parameters: { path: { sessionId: string } } } } }\n`);
  stats.ignoredFiles += 2;

  // MCP client package (not a server)
  for (const [rel, c] of Object.entries(CLIENT_PACKAGE)) w.write(`packages/agent-client/${rel}`, c);
  w.write('packages/agent-client/package.json', JSON.stringify({ name: '@acme/agent-client', version: '1.0.0', private: true, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.20.0' } }, null, 2) + '\n');

  // MCP servers: fixtures, then our own
  const servers = [];
  for (const fx of listFixtures(fixturesDir)) {
    const dest = `packages/mcp-${fx.name}`;
    fs.cpSync(fx.dir, path.join(outDir, dest), { recursive: true, filter: (src) => !/[\\/](node_modules|\.git)([\\/]|$)/.test(path.relative(fx.dir, src)) });
    servers.push({ dir: dest, origin: 'fixture', fixture: fx.name });
  }
  for (const [name, spec] of Object.entries(GEN_SERVERS)) {
    const dest = `packages/${name}`;
    for (const [rel, c] of Object.entries(spec.files)) {
      w.write(`${dest}/${rel}`, c);
      if (rel.startsWith('dist/')) stats.ignoredFiles++;
    }
    w.write(`${dest}/package.json`, JSON.stringify({ name: `@acme/${name}`, version: '1.0.0', private: true, type: 'module', ...spec.pkg }, null, 2) + '\n');
    w.write(`${dest}/tsconfig.json`, JSON.stringify({ extends: '../../tsconfig.json', include: ['src'] }, null, 2) + '\n');
    servers.push({ dir: dest, origin: 'generated' });
  }
  for (const s of servers) {
    const abs = path.join(outDir, s.dir);
    s.sdk = detectSdk(abs);
    s.sourceFiles = countSources(abs);
  }

  genNodeModules(w, r, stats, pkgNames);

  // root files
  const paths = {};
  for (const p of pkgNames) paths[`@acme/${p}`] = [`packages/${p}/src/index.ts`];
  paths['@acme/agent-client'] = ['packages/agent-client/src/index.ts'];
  w.write('tsconfig.json', JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true,
      esModuleInterop: true, baseUrl: '.', paths,
    },
    include: ['packages/*/src'],
    exclude: ['**/dist', '**/node_modules'],
  }, null, 2) + '\n');
  w.write('.gitignore', ['node_modules/', 'dist/', 'coverage/', '*.generated.ts', '*.log', '.env', ''].join('\n'));
  w.write('package.json', JSON.stringify({ name: 'acme-monorepo', private: true, type: 'module', workspaces: ['packages/*'],
    devDependencies: { typescript: '~5.9.3', vitest: '^4.0.0' } }, null, 2) + '\n');
  w.write('README.md', '# acme monorepo (synthetic, generated by mcp-migrate/bench/generate.mjs)\n');

  // a real repository root, so tools that honour .gitignore only inside a git work tree do so,
  // and so the enclosing mcp-migrate checkout (which ignores bench/.work/) is not taken as the repo
  let gitInit = false;
  try {
    execFileSync('git', ['init', '-q', outDir], { stdio: 'ignore' });
    gitInit = true;
  } catch { /* git not available: .gitignore still present */ }

  const serverDirs = servers.map((s) => s.dir);
  fs.writeFileSync(path.join(outDir, '.bench-servers.json'), JSON.stringify(serverDirs, null, 2) + '\n');
  const meta = {
    generatorVersion: GENERATOR_VERSION,
    key: generationKey({ files, seed, fixturesDir }),
    seed,
    files,
    packages: pkgNames.length,
    ordinaryFiles: stats.ordinaryFiles,
    ignoredFiles: stats.ignoredFiles,
    mcpMentionFiles: stats.mcpMentionFiles,
    sessionNoiseFeatures: stats.sessionNoiseFeatures,
    chatNoiseFeatures: stats.chatNoiseFeatures,
    clientPackageFiles: Object.keys(CLIENT_PACKAGE).length,
    servers,
    serverSourceFiles: servers.reduce((a, s) => a + s.sourceFiles, 0),
    writtenFiles: w.count,
    writtenBytes: w.bytes,
    gitInit,
    generationMs: Math.round(performance.now() - t0),
  };
  fs.writeFileSync(path.join(outDir, '.bench-meta.json'), JSON.stringify(meta, null, 2) + '\n');
  if (!quiet) {
    console.error(`generated ${w.count} files (${(w.bytes / 1e6).toFixed(1)} MB) in ${meta.generationMs} ms -> ${outDir}`);
    console.error(`  ${stats.ordinaryFiles} ordinary TS files in ${pkgNames.length} packages; ${servers.length} MCP servers (${servers.filter((s) => s.origin === 'fixture').length} from fixtures); ${stats.ignoredFiles} files in ignored paths`);
  }
  return meta;
}

function parseArgs(argv) {
  const out = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--files') out.files = Number(argv[++i]);
    else if (a === '--seed') out.seed = Number(argv[++i]);
    else if (a === '--fixtures') out.fixturesDir = path.resolve(argv[++i]);
    else if (a === '-h' || a === '--help') out.help = true;
    else out._.push(a);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  if (args.help || args._.length !== 1) {
    console.error('usage: node bench/generate.mjs <outDir> [--files 20000] [--seed 1] [--fixtures <dir>]');
    process.exit(args.help ? 0 : 2);
  }
  if (args.files !== undefined && !(Number.isInteger(args.files) && args.files > 0)) { console.error('--files must be a positive integer'); process.exit(2); }
  if (args.seed !== undefined && !Number.isInteger(args.seed)) { console.error('--seed must be an integer'); process.exit(2); }
  generate(args._[0], { files: args.files ?? 20000, seed: args.seed ?? 1, fixturesDir: args.fixturesDir });
}

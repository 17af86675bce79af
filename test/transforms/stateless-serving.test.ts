/**
 * `stateless-serving`, driven by the fixture pairs in transforms/__testfixtures__/stateless-serving/
 * (`<case>.input.<ext>` / `<case>.output.<ext>`). Per case: the input and the expected output
 * type-check against the real SDK packages (v2 inputs for --target 2026-07-28, v1 inputs for
 * --target stateless-v1); `runApply` on a copy gives exactly the expected output, leaves exactly the
 * markers listed in MARKERS, and a second run changes nothing; the actual output type-checks.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { applyEdits } from '../../src/transforms/kit/edits.js';
import { mergeAdjacentRemovals } from '../../src/transforms/stateless-serving/text.js';
import { parseMarkers } from '../../src/markers.js';
import { SERVING_OPTIONS } from '../support/fixture-options.js';
import { ROOT, cleanUpMaterialised as cleanUp, loadFixtureCases, materialise, prepareTypeChecks, readTree, typeCheck, type FixtureCase } from '../support/transform-fixtures.js';

const TRANSFORM = 'stateless-serving';
const CASES_DIR = path.join(ROOT, 'transforms', '__testfixtures__', TRANSFORM);

/** Options per case (default: --target 2026-07-28, legacy clients served). */
const OPTIONS = SERVING_OPTIONS;

/** Marker cases: rule ids of the markers the output must hold (and nothing else rewritten). */
const MARKERS: Record<string, string[]> = {
  // Review 43 S43-6: a chained connect of a server another module builds: the marker names no factory the rollback removed.
  'stdio-chained-connect-imported-server-marker': ['session-state/per-session-server'],
  // Review 43 S43-7: a typed handler mounted in its own module: the marker quotes the mount.
  'fastify-typed-handler-mounted-here-marker': ['session-transport/session-id-generator'],
  // Sweep 37 AK1: a list the construction fills, read after the connect: marked (a factory would fill it per server).
  'stdio-construction-fills-list-marker': ['session-state/per-session-server'],
  // Review 43 S43-1: the stdio transport in an exported `let`: marked, not removed.
  'stdio-exported-let-marker': ['session-state/per-session-server'],
  // Sweep 36 AJ2: an SSE endpoint made by a helper class's method; the route in another module calling it is marked too.
  'sse-helper-class-marker': ['session-transport/sse-transport', 'session-transport/sse-transport'],
  // Sweep 36 AJ4: a fastify handler typed RouteHandlerMethod, mounted by another module: the fastify idiom in the marker.
  'fastify-typed-handler-marker': ['session-transport/session-id-generator'],
  // Sweep 36 AJ6: the SDK is loaded with import() in a try (an optional peer): no static import of serveStdio.
  'stdio-optional-sdk-marker-js': ['session-state/per-session-server'],
  // Review 42 S42-9: the promise `connect` returns is chained on; the marker names the factory call.
  'stdio-connect-result-used-marker': ['session-state/per-session-server'],
  // Sweep 29 AC1: the object handed to the factory is changed by a tool through a helper in another module (a handle,
  // never one object outside the route); filled from the request's headers by a helper and only read (never hoisted).
  'factory-handed-object-helper-marker': ['session-state/per-session-server', 'session-state/per-session-server'],
  'factory-filled-from-request-marker': ['session-state/per-session-server'],
  // Sweep 29 AC3: the marker names the project's function behind the one server every session shares.
  'shared-module-server-factory-marker': ['session-transport/session-id-generator'],
  // Sweep 33 AG5: one module-level sessionful transport serves a single session; the marker names the factory called with its argument.
  'module-transport-factory-args-marker': ['session-transport/session-id-generator'],
  // A project subclass of an SDK transport: the HTTP+SSE one is that transport (kept, marked, with its shared server
  // said); the Streamable HTTP one is not dropped with what it overrides (sweep 10 H1).
  'sse-subclass-shared-server': ['session-transport/sse-transport', 'session-state/per-session-server'],
  'http-transport-subclass-marker': ['session-transport/session-id-generator'],
  'custom-lifecycle-marker': ['session-transport/session-lifecycle'],
  // A registry whose records keep the client's API key beside the transport, read back by a tool (sweep 19 S2): kept, marked.
  'registry-holding-credentials-marker': ['session-transport/transport-registry'],
  // A server built and configured inline from what the route computed from the request: no factory extracted.
  'express-inline-server-request-marker': ['session-state/per-session-server'],
  // Built from the options of the function around the route (review 35 A1), and a route with logic of its own after serving (A2).
  'express-inline-server-app-factory-marker': ['session-state/per-session-server'],
  'express-inline-server-custom-logic-marker': ['session-transport/session-id-generator'],
  // The route's own logic (a status table of the project) beside the stateless idiom: marked where it is used, as
  // the transport it makes (a stateless route has no registry; klavis' gmail server, sweep 7 E8).
  'custom-logic-marker': ['session-transport/session-id-generator'],
  // A session-id helper that also records when the session was last seen is the project's own work (sweep 14 M3's contrast).
  'session-id-helper-records-marker': ['session-transport/transport-registry'],
  // A route below the endpoint on its path that does more than answer would stop running behind one `all` route.
  'express-shadowed-route-marker': ['session-transport/session-id-generator'],
  'bundle-factory-marker': ['session-state/per-session-server'],
  // A module-level server also used outside its construction (closed on shutdown) is not extracted into a factory (sweep 11 J2).
  'module-server-used-elsewhere-marker': ['session-state/per-session-server'],
  // Review 40b S40-1: a module-level server from the project's factory, also used by other code: marked, naming both.
  'module-server-from-factory-used-marker': ['session-state/per-session-server'],
  'main-local-server-route-kept-marker': ['session-state/per-session-server', 'session-state/per-session-server'],
  'main-local-server-awaited-arg-marker': ['session-state/per-session-server', 'session-state/per-session-server'],
  'main-once-sessionful-transport-marker': ['session-transport/session-id-generator', 'session-transport/session-route'],
  // A server exported from its own module and also used by another module than the route's: no factory is extracted there.
  'module-server-exported-shared-marker': ['session-state/per-session-server'],
  // The same, exported from the module its package publishes (`main`): importers outside the project may use the object.
  'module-server-exported-published-marker': ['session-state/per-session-server'],
  // A dispatcher mounted on several methods that checks an API key first: its rewrite would drop the check (sweep 12 K1).
  'express-dispatcher-auth-gate-marker': ['session-transport/session-id-generator'],
  // A check the rewrite does not recognise (a throw, a value changed between checks): the route is marked, nothing dropped.
  'express-unrecognised-check-marker': ['session-transport/transport-registry'],
  // A check that throws, written with the request and literals only: refused by the request-guard pass, not dropped.
  'express-literal-check-throw-marker': ['session-transport/session-id-generator'],
  // A per-session context handed with the server to the registrations, whose tools keep a login flow in it (sweep 12 K4).
  'session-context-handed-marker': ['session-state/per-session-server'],
  // A gate and a collection in the session server's factory, written by its tools: a server per request would reset them (sweep 13).
  'factory-closure-gate-marker': ['session-state/per-session-server'],
  // An object the factory builds with each session's server and its tools change (a browser page): marked at the route and where it is built.
  // A module-level server behind a route with its own logic: the advice names no factory the project lacks (sweep 13 L5).
  'module-server-custom-logic-marker': ['session-transport/transport-registry'],
  // One stateless transport whose bound handleRequest is node:http's listener: both marked (sweep 13 L6).
  'shared-transport-bound-listener-marker': ['session-transport/session-id-generator', 'session-transport/session-route'],
  // A helper that makes a stateless transport, called only at start-up: one transport for every request (sweep 13 L7).
  'helper-transport-at-startup-marker': ['session-transport/session-id-generator'],
  // A gate in an object, answers kept by element and a step counter read back: all state (a review of session 30).
  'factory-state-fields-marker': ['session-state/per-session-server'],
  'factory-object-state-marker': ['session-state/per-session-server', 'session-state/per-session-server'],
  // A stdio server made by a method of an object that cannot be followed: the advice has no route to speak of.
  'stdio-global-method-marker': ['session-state/per-session-server'],
  'factory-handed-object-marker': ['session-state/per-session-server', 'session-state/per-session-server'],
  'factory-handed-options-marker': ['session-state/per-session-server', 'session-state/per-session-server'],
  // One module-level server connected by two routes: no factory for either (the other route's handler uses it).
  'module-server-two-routes-marker': ['session-state/per-session-server', 'session-state/per-session-server'],
  // HTTP+SSE kept for 2025-era clients: one marker per endpoint records the decision (and what removes it).
  'sse-kept': ['session-transport/sse-transport'],
  'sse-handler-functions': ['session-transport/sse-transport'],
  // One transport in a variable, no registry: the marker does not speak of session ids it reads or keys (sweep 7 E12).
  'sse-single-transport-kept': ['session-transport/sse-transport'],
  // --modern-only: exported handler functions no module migrated here mounts are marked, not removed; so is one a router
  // hands to a wrapper of its own (mounted directly, they go: sse-exported-handlers-mounted-modern-only).
  'sse-handler-functions-modern-only': ['session-transport/sse-transport'],
  'sse-exported-handler-wrapped-marker-modern-only': ['session-transport/sse-transport'],
  // The factory the entry would call from the mounting module is not exported by the handlers' module (sweep 17 Q2).
  'sse-exported-handlers-entry-marker-modern-only': ['session-transport/sse-transport'],
  // Kept for 2025-era clients (its one marker); the 2026-07-28 entry goes after its routes in the module mounting them.
  'sse-exported-handlers-entry-kept': ['session-transport/sse-transport'],
  // The SSE routes run in the other branch of the `if` from the Streamable HTTP ones (sweep 18 R1): kept, with an entry of their own after them.
  'sse-branch-apart': ['session-transport/sse-transport'],
  // `wrapper.getMcpServer()` only returns the server the wrapper holds: no factory (sweep 18 R2).
  'getter-not-factory-marker': ['session-state/per-session-server'],
  // A stateless transport per POST and a registry it never fills: the POST branch still routes on the session header (sweep 18 R5).
  'node-http-never-filled-registry-marker': ['session-transport/transport-registry'],
  // Path-scoped middleware guards the SSE routes: no entry on /mcp would be behind it (session 33 review V1).
  'sse-exported-handlers-path-guard-marker-modern-only': ['session-transport/sse-transport'],
  // An exported handler whose user check throws: not rewritten in place, the relay's marker names the check.
  'exported-handler-throw-marker-modern-only': ['session-transport/session-id-generator'],
  // The SSE routes in one branch of an if/else, another module's Streamable router in the other (session 33 review V2).
  'sse-branch-other-module-marker-modern-only': ['session-transport/sse-transport'],
  // The Streamable HTTP route is rewritten; the kept HTTP+SSE endpoint gets its one marker.
  'registry-shared-with-sse': ['session-transport/sse-transport'],
  'registry-union-with-sse': ['session-transport/sse-transport'],
  'registry-typed-object-with-sse': ['session-transport/sse-transport'],
  'registry-shared-with-sse-stateless-v1': ['session-transport/sse-transport'],
  'registry-union-with-sse-stateless-v1': ['session-transport/sse-transport'],
  'fastify-options-route-marker': ['session-transport/session-id-generator'],
  'stdio-factory-marker': ['session-state/per-session-server'],
  'stdio-transport-helper-marker': ['session-state/per-session-server'],
  'helper-single-transport-marker': ['session-transport/session-id-generator'],
  'session-id-factory-marker': ['session-state/per-session-server'],
  // The quickstart's shape with a registration after `main()` runs: moving it into a factory would change when it runs.
  'stdio-quickstart-used-after-marker': ['session-state/per-session-server'],
  // The stdio entry is handed a built server (a parameter, a field): serveStdio needs a factory, so each says what the caller must change.
  // A getter returning the instance an object keeps (`app.getInstance()`): no factory for serveStdio.
  'stdio-getter-instance-marker': ['session-state/per-session-server'],
  // One stateless transport made once and handed every request by the listener it sets up: not the idiom.
  'node-http-shared-transport-marker': ['session-transport/session-id-generator'],
  // Built and connected in a `try` block of main(): said so.
  'stdio-try-block-marker': ['session-state/per-session-server'],
  'stdio-default-clause-marker': ['session-state/per-session-server'],
  'stdio-factory-used-before-marker': ['session-state/per-session-server'],
  // A class that builds its server in its constructor: it is built once there, not handed in.
  'stdio-class-built-marker': ['session-state/per-session-server'],
  // A helper that connects the module's one server to each session's transport: it builds nothing.
  'express-shared-server-helper-marker': ['session-transport/session-id-generator'],
  // A pool's get-or-create of a server per session: a per-session server built around the id, not a gateway.
  'server-pool-get-or-create-marker': ['session-state/per-session-server'],
  'stdio-built-elsewhere-marker': ['session-state/per-session-server', 'session-state/per-session-server', 'session-state/per-session-server'],
  'helper-session-marker': ['session-transport/session-id-generator'],
  // SDK 1.x's stateless idiom in a method the route calls, in a route of a router it does not follow, and in a handler mounted
  // in a loop: marked without a registry or session routes to remove.
  'stateless-method-marker': ['session-transport/session-id-generator'],
  'stateless-unknown-router-marker': ['session-transport/session-id-generator'],
  'stateless-loop-mounted-marker': ['session-transport/session-id-generator'],
  // The transport is connected in `onsessioninitialized` by a project function building a backend per session (playwright-mcp): one marker naming it.
  'helper-connect-marker': ['session-transport/session-id-generator'],
  // A stateless handler on GET/POST/DELETE picking its factory per request from a table (example-remote-server's example apps): marked.
  'picked-factory-marker': ['session-transport/session-id-generator'],
  // The factory is fed the request's credentials (neondatabase-labs/mcp-server-neon) or headers: the marker says to read them per
  // request (from `ctx.authInfo` on createMcpHandler; in the route on SDK 1.x), never to hoist them out of the route.
  'request-auth-factory-marker': ['session-state/per-session-server'],
  'request-key-assigned-factory-marker': ['session-state/per-session-server'],
  'request-header-factory-marker-stateless-v1': ['session-state/per-session-server'],
  // A gateway: each session spawns its own child; one marker at the transport, about that upstream.
  'gateway-child-process-marker': ['session-transport/session-id-generator'],
  // A gateway: the server comes from a pool keyed by the session id the transport mints.
  'gateway-server-pool-marker': ['session-transport/session-id-generator'],
  // A gateway: the server is built in `onsessioninitialized` under the id the transport hands it (metamcp's namespace proxy).
  'gateway-session-callback-marker': ['session-transport/session-id-generator'],
  // An already stateless router module loses Mcp-Session-Id from its CORS lists; the project's gateway beside it is marked once.
  'router-stateless-cors-stateless-v1': ['session-transport/session-id-generator'],
  // A gateway: a helper opens an SDK client transport per session, the endpoint's transport is started by hand and relayed.
  'gateway-upstream-client-marker': ['session-transport/session-id-generator'],
  // A stateless relay (a transport and a child per POST): no session; its initialize routing is marked, not its transport.
  'gateway-stateless-relay-marker': ['session-transport/initialize-routing'],
  // mcp-handler 1's own HTTP+SSE endpoint works (its config names the Redis): kept, one marker at the call.
  'mcp-handler-sse-kept': ['session-transport/sse-transport'],
  // The same without a config argument, in a project on mcp-handler 1: its defaults serve SSE; kept, marked.
  'mcp-handler-sse-default-kept': ['session-transport/sse-transport'],
  'helper-reaper-metrics-marker': ['session-transport/session-id-generator'],
  // Rewritten; each count of the removed registry's sessions (a health field, a metrics line) becomes 0 under a marker.
  'registry-session-count': ['session-transport/transport-registry', 'session-transport/transport-registry'],
  'registry-session-count-js': ['session-transport/transport-registry'],
  'registry-session-count-stateless-v1': ['session-transport/transport-registry'],
  'node-http-session-count': ['session-transport/transport-registry'],
  // Sessions relayed to a server behind a project transport (example-remote-server's Redis relay): one marker naming the relay.
  'redis-relay-marker': ['session-transport/session-id-generator'],
  // --modern-only; the registry of the SSE helpers is counted by a health route that stays: the count becomes 0 under a marker.
  'sse-route-calls-registry-marker-modern-only': ['session-transport/transport-registry'],
  // A hand-written Streamable HTTP transport (a class implementing the SDK's Transport that mints Mcp-Session-Id): one marker above the class.
  'hand-written-transport-marker': ['session-transport/session-id-generator'],
  // A hand-written HTTP+SSE transport (the project's own class): not rewritten, one marker at its `new`.
  'own-sse-transport-marker': ['session-transport/sse-transport'],
  // --modern-only on the only (HTTP+SSE) endpoint: replaced by a createMcpHandler entry; the health count becomes 0 under a marker.
  'sse-only-modern-only': ['session-transport/transport-registry'],
  'sse-only-route-calls-modern-only': ['session-transport/transport-registry'],
  // HTTP+SSE kept behind a dispatch branch: the endpoint's marker, and the stream map the listener hands it, marked as its registry.
  'sse-dispatch-branch': ['session-transport/sse-transport', 'session-transport/transport-registry'],
  // Both eras on one route (isLegacyRequest routing): the sessionful path is the 2025-era one, marked as such.
  'era-routed-marker': ['session-transport/session-id-generator'],
  // Rewritten; the TTL option of the exported start function stays in its options, marked as having no effect.
  'node-http-helper-registry': ['session-transport/transport-registry'],
  'node-http-helper-stateless-v1': ['session-transport/transport-registry'],
  // The one-shot timer the split-off cleanup no longer clears.
  'factory-split': ['session-state/per-session-server'],
  // A class's lifecycle callback also records the session in its own directory (`this.directory`): the application's logic.
  'class-lifecycle-marker': ['session-transport/session-lifecycle'],
  // The app mounting a kept gateway: its CORS lists (a cors() option, an Access-Control-Expose-Headers write) keep the header, marked.
  'kept-endpoint-cors-marker': ['session-transport/session-header', 'session-transport/session-header', 'session-transport/session-id-generator'],
  // A shared stateless transport mints no id: its file's CORS list loses Mcp-Session-Id although the transport is marked; the
  // other program, which mints ids, keeps it with a marker (sweep 17 Q4).
  // HTTP+SSE kept beside a new entry: the module-level server stays for its routes, built by the extracted factory (sweep 19 S1).
  'sse-module-server-kept-instance': ['session-transport/sse-transport'],
  // The project's own class around an SDK server is no factory for the entry (sweep 19 S1): the endpoint is kept and marked.
  'sse-wrapper-class-marker': ['session-transport/sse-transport'],
  // The kept endpoint's marker goes with it under --modern-only, with the module-level server only its routes used.
  'sse-kept-instance-then-modern-only': [],
  // One server held by an object (the container's) and a Hono sub-app's route on `/` (sweep 19 S4).
  'hono-subapp-held-server-marker': ['session-state/per-session-server'],
  // A file the sdk-v2 step moved but for one import it does not map is on SDK v2; the project's factory is named (sweep 19 S5).
  'curried-handler-moved-file-marker': ['session-transport/session-id-generator'],
  'shared-stateless-transport-cors': ['session-transport/session-id-generator', 'session-transport/session-id-generator', 'session-transport/session-header'],
  // A route writing Mcp-Session-Id itself (no SDK transport): one endpoint marker at the write, and the CORS list beside it marked.
  'own-session-header-marker': ['session-transport/session-header', 'session-transport/session-id-generator'],
  // The same, on SDK 1.x with the experimental tasks layer: the session owns the tasks, so the marker says the sessions stay with the tasks.
  'own-session-header-tasks-marker': ['session-transport/session-header', 'session-transport/session-id-generator'],
  // Files left on SDK 1.x, sessions resumed from a shared directory, --modern-only: the CORS list keeps the header while the
  // kept serving mints it; each transport helper is marked with how its sessions are resumed and why --modern-only keeps it.
  'left-on-v1-resumed-sessions-modern-only': ['session-transport/session-header', 'session-transport/session-id-generator', 'session-transport/session-id-generator'],
};

/** Cases the transform must leave exactly as they are (no marker either). */
// node:http already serving SDK 1.x's stateless idiom, with an option createMcpHandler has no place for: no session to replace, so a note and no marker.
const UNCHANGED = new Set<string>(['stdio-relay', 'node-http-stateless-idiom-dns', 'left-on-v1-stdio', 'mcp-handler-2-no-config']);

const cases = loadFixtureCases(CASES_DIR);
const applied = new Map<string, Promise<{ dir: string; first: Awaited<ReturnType<typeof runApply>> }>>();
function applyOnce(c: FixtureCase) {
  let run = applied.get(c.name);
  if (!run) {
    const dir = materialise(c.name, c.input);
    run = runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM], transformOptions: OPTIONS[c.name] }).then((first) => ({ dir, first }));
    applied.set(c.name, run);
  }
  return run;
}

describe(`${TRANSFORM} fixtures`, () => {
  afterAll(cleanUp);
  // Inputs and expected outputs are type-checked together (one Program per option set), before the cases ask.
  beforeAll(() => prepareTypeChecks(TRANSFORM, cases.flatMap((c) => [c.input, c.output])), 600_000);

  it('finds the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(13);
    for (const name of [...Object.keys(OPTIONS), ...Object.keys(MARKERS), ...UNCHANGED]) expect(cases.map((c) => c.name)).toContain(name);
  });

  for (const c of cases) {
    describe(c.name, () => {
      it('input type-checks against the SDK packages', () => {
        expect(typeCheck(materialise(`${c.name}-in`, c.input))).toBe('');
      });

      it('expected output type-checks against the SDK packages', () => {
        expect(typeCheck(materialise(`${c.name}-exp`, c.output))).toBe('');
      });

      it('apply gives the expected output, then nothing on a second run', async () => {
        const { dir, first } = await applyOnce(c);
        expect(first.failures).toEqual([]);
        const actual = readTree(dir);
        for (const [rel, expected] of c.output) expect(actual.get(rel), `${c.name}: ${rel}`).toBe(expected);
        const markersOf = (files: ReadonlyMap<string, string>) => [...files.keys()].sort().flatMap((rel) => parseMarkers(files.get(rel)!).map((m) => m.ruleId));
        expect(markersOf(c.output)).toEqual(MARKERS[c.name] ?? markersOf(c.input));
        if (MARKERS[c.name]) expect(first.markers.map((m) => m.ruleId)).toEqual(MARKERS[c.name]);
        const same = [...c.output].every(([rel, text]) => c.input.get(rel) === text);
        expect(same, c.name).toBe(UNCHANGED.has(c.name));
        const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM], transformOptions: OPTIONS[c.name] });
        expect(second.failures).toEqual([]);
        expect(second.changes.map((ch) => path.relative(dir, ch.file))).toEqual([]);
      });

      it("apply's output type-checks against the SDK packages", async () => {
        const { dir } = await applyOnce(c);
        const copy = readTree(dir);
        expect(typeCheck(materialise(`${c.name}-out`, copy))).toBe('');
      });
    });
  }
});

function dryRunOnV1(c: FixtureCase) {
  const dir = materialise(`${c.name}-v1`, c.input);
  return runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, dryRun: true, transforms: [TRANSFORM], transformOptions: { ...OPTIONS[c.name], target: 'stateless-v1' } });
}

/** APIs only SDK v2 has: a `--target stateless-v1` marker that names one sends the user to code SDK 1.x cannot run. */
const V2_ONLY_APIS = /createMcpHandler|toNodeHandler|serveStdio|handler\.fetch|server-legacy/;

describe(`${TRANSFORM} markers fit the target`, () => {
  afterAll(cleanUp);

  for (const c of cases) {
    it(`${c.name}: on --target stateless-v1 no marker names an SDK v2 API`, async () => {
      // A case that runs on stateless-v1 already has this run's markers: apply plans the same with or without --dry-run.
      const run = OPTIONS[c.name]?.target === 'stateless-v1' ? (await applyOnce(c)).first : await dryRunOnV1(c);
      expect(run.failures).toEqual([]);
      for (const marker of run.markers) expect(marker.message, `${marker.ruleId} at line ${marker.line}`).not.toMatch(V2_ONLY_APIS);
    });
  }

  it('a stdio server is never told to use createMcpHandler', async () => {
    const c = cases.find((k) => k.name === 'stdio-factory-marker')!;
    const { first } = await applyOnce(c);
    expect(first.markers.length).toBeGreaterThan(0);
    for (const marker of first.markers) {
      expect(marker.message).toMatch(/serveStdio/);
      expect(marker.message).not.toMatch(/createMcpHandler|toNodeHandler/);
    }
  });
});

describe('mergeAdjacentRemovals', () => {
  it('merges a statement removed twice (two registries in one declaration) with the removal next to it', () => {
    const text = `const transports = new Map(), servers = new Map();\n\napp.get('/mcp', h);\nrest();\n`;
    const first = { file: 'f', start: 0, end: text.indexOf('app.'), text: '' };
    const second = { file: 'f', start: first.end, end: text.indexOf('rest'), text: '' };
    expect(applyEdits(text, mergeAdjacentRemovals(text, [first, { ...first }, second]))).toBe('rest();\n');
  });

  it('a run of removals with a blank line on both sides leaves one blank line, not two', () => {
    const text = `app.all('/mcp', h);\n\nconst shared = () => 1;\n\napp.get('/mcp', shared);\napp.delete('/mcp', shared);\n\napp.get('/health', ok);\n`;
    const line = (needle: string) => {
      const start = text.indexOf(needle);
      return { file: 'f', start, end: text.indexOf('\n', start) + 1, text: '' };
    };
    const edits = [line('const shared'), line("app.get('/mcp'"), line("app.delete('/mcp'")];
    expect(applyEdits(text, mergeAdjacentRemovals(text, edits))).toBe(`app.all('/mcp', h);\n\napp.get('/health', ok);\n`);
  });
});

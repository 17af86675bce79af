/**
 * The HTTP+SSE endpoint a framework adapter serves by itself beside Streamable HTTP (mcp-handler 1's `/sse` and
 * `/message`), switched off through the option its description names (`legacySse` in `src/frameworks/`):
 *
 * - only where the analysis reports the endpoint (the call's config does not switch it off; without a config, the
 *   project is on the framework's major that serves it by default: `createMcpHandler(init)` on mcp-handler 2 has none);
 * - the config is given without what the endpoint needs (`redisUrl`): the endpoint already fails every request,
 *   so it is switched off (`disableSse: true`) on every target: nothing that works changes;
 * - `--modern-only`, or the endpoint's own option set to false: switched off (a config argument holding only the
 *   switch is added where the call has none);
 * - otherwise (it works and 2025-era clients may use it): kept, one marker at the call saying what removes it.
 *
 * With the endpoint off, the route's GET export answers 405/404 and stays harmless (the description's route rule).
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, unwrap } from '../../analysis/ast.js';
import { frameworkSitesOf } from '../../analysis/framework-sites.js';
import { callMatches } from '../../analysis/framework-values.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { FRAMEWORKS } from '../../frameworks/index.js';
import type { FrameworkDescription, LegacySseSwitch } from '../../frameworks/types.js';
import { addMarker } from '../kit/handler-sites.js';
import type { TransformOptions, TransformPlan } from '../kit/plan.js';
import { RULE_ID } from '../../rule-ids.js';

const SSE_RULE = RULE_ID.sseTransport;

/** Plans each framework HTTP+SSE endpoint of the project (edits, markers and notes go straight into `plan`). */
export function planFrameworkSse(result: AnalysisResult, options: Pick<TransformOptions, 'target' | 'modernOnly'>, plan: TransformPlan): void {
  const adapters = FRAMEWORKS.filter((f): f is FrameworkDescription & { legacySse: LegacySseSwitch } => !!f.legacySse);
  if (adapters.length === 0) return;
  const { values, sdk } = result.analysis;
  for (const sf of result.sourceFiles) {
    if (!adapters.some((f) => f.modules.some((m) => sf.text.includes(m)))) continue;
    const reported = new Set(frameworkSitesOf(result.analysis, [sf], SSE_RULE).map((site) => site.node));
    forEachDescendant(sf, (node) => {
      if (!ts.isCallExpression(node)) return;
      const framework = adapters.find((f) => callMatches(values, sdk, f, node, f.legacySse.on));
      // The analysis reports the call (at its callee's name) where the endpoint is on: not switched off, and of the major that has it.
      if (framework && (reported.has(node) || reported.has(calleeParts(node).nameNode ?? node))) planEndpoint(result, sf, node, framework, options, plan);
    });
  }
}

function planEndpoint(result: AnalysisResult, sf: ts.SourceFile, call: ts.CallExpression, framework: FrameworkDescription & { legacySse: LegacySseSwitch }, options: Pick<TransformOptions, 'target' | 'modernOnly'>, plan: TransformPlan): void {
  const { arg, off, needs } = framework.legacySse;
  const where = `${result.relative(sf.fileName)}:${sf.getLineAndCharacterOfPosition(call.getStart(sf)).line + 1}`;
  const given = call.arguments[arg];
  const config = given && unwrap(given);
  const switchProp = config && ts.isObjectLiteralExpression(config) ? property(config, off) : undefined;
  const switchValue = switchProp && ts.isPropertyAssignment(switchProp) ? unwrap(switchProp.initializer).kind : undefined;
  if (switchValue === ts.SyntaxKind.TrueKeyword) return;

  // On stateless-v1 the project stays on SDK 1.x: the framework's own path to v2 is not this run's advice.
  const migration = options.target === 'stateless-v1' ? '' : ` ${framework.migration}`;
  const endpoint = `${framework.name} also serves the legacy HTTP+SSE endpoint (2024-11-05; one session per stream)`;
  if (!given && options.modernOnly) {
    plan.edits.push(appendArgument(sf, call, arg, `{ ${off}: true }`));
    plan.notes!.push(`serving: ${where} — ${endpoint} switched off with a config \`{ ${off}: true }\` (--modern-only: no 2025-era client is served); 2026-07-28 clients use its Streamable HTTP endpoint.${migration}`);
    return;
  }
  if (config && ts.isObjectLiteralExpression(config) && (!switchProp || switchValue === ts.SyntaxKind.FalseKeyword)) {
    const dead = !!needs && !property(config, needs);
    if (dead || options.modernOnly) {
      plan.edits.push(switchProp && ts.isPropertyAssignment(switchProp) ? { file: sf.fileName, start: switchProp.initializer.getStart(sf), end: switchProp.initializer.end, text: 'true' } : insertProperty(sf, config, `${off}: true`));
      const why = dead
        ? `its config has no \`${needs}\`, which ${framework.name} then never reads from the environment, so every SSE request already failed`
        : '--modern-only: no 2025-era client is served';
      plan.notes!.push(`serving: ${where} — ${endpoint} switched off with \`${off}: true\` (${why}); 2026-07-28 clients use its Streamable HTTP endpoint.${migration}`);
      return;
    }
  }
  // Kept: it works (or its config is not an object literal this transform can edit) and 2025-era clients may use it.
  const editable = !given || (config && ts.isObjectLiteralExpression(config));
  const removal = editable ? `\`mcp-migrate apply --modern-only\` sets \`${off}: true\`` : `pass \`${off}: true\` in its config (argument ${arg + 1})`;
  const message = `${endpoint}, kept for 2025-era clients: it is sessionful by design. Once no 2025-era client needs it, ${removal}; 2026-07-28 clients use its Streamable HTTP endpoint.${migration}`;
  addMarker(plan, call, SSE_RULE, message);
  plan.notes!.push(`serving: ${where} — ${endpoint} kept for 2025-era clients; ${editable ? '--modern-only switches it off' : 'marked for removal by hand'}`);
}

/**
 * An edit making `text` argument `index` of the call: after its last argument, the arguments between given as
 * `undefined` (each parameter's default, as when left out).
 */
function appendArgument(sf: ts.SourceFile, call: ts.CallExpression, index: number, text: string): { file: string; start: number; end: number; text: string } {
  const args = call.arguments;
  const all = [...Array.from({ length: Math.max(0, index - args.length) }, () => 'undefined'), text].join(', ');
  const last = args[args.length - 1];
  return last ? { file: sf.fileName, start: last.end, end: last.end, text: `, ${all}` } : { file: sf.fileName, start: args.pos, end: args.pos, text: all };
}

/** The object's property named `name` (written as an identifier or a string). */
function property(object: ts.ObjectLiteralExpression, name: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((p) => p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name);
}

/** An edit adding `text` as the object's last property, laid out like the others (one per line, or inline). */
function insertProperty(sf: ts.SourceFile, object: ts.ObjectLiteralExpression, text: string): { file: string; start: number; end: number; text: string } {
  const props = object.properties;
  const last = props[props.length - 1];
  if (!last) return { file: sf.fileName, start: object.getStart(sf), end: object.end, text: `{ ${text} }` };
  const multiline = sf.getLineAndCharacterOfPosition(last.getStart(sf)).line !== sf.getLineAndCharacterOfPosition(object.getStart(sf)).line;
  if (!multiline) return { file: sf.fileName, start: last.end, end: last.end, text: `, ${text}` };
  const lineStart = sf.text.lastIndexOf('\n', last.getStart(sf) - 1) + 1;
  const indent = /^[ \t]*/.exec(sf.text.slice(lineStart))![0];
  // After the trailing comma when there is one (the new property gets one too), else after the last property.
  return props.hasTrailingComma
    ? { file: sf.fileName, start: sf.text.indexOf(',', last.end) + 1, end: sf.text.indexOf(',', last.end) + 1, text: `\n${indent}${text},` }
    : { file: sf.fileName, start: last.end, end: last.end, text: `,\n${indent}${text}` };
}

/**
 * The verify report as text (terminal), JSON (contract: `schemaVersion` 1) and Markdown (a PR comment).
 * Pure functions of the VerifyResult.
 */
import { FAULTS, type Check, type FamilyResult, type VerifyResult } from './result.js';

export type VerifyFormat = 'text' | 'json' | 'markdown';

const MARK: Record<Check['status'], string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' };

function targetLine(r: VerifyResult): string {
  const t = r.target;
  const where = t.instances ? `${t.instances} instance${t.instances > 1 ? 's' : ''} behind round-robin${t.redis ? ', private redis-server' : ''}` : 'as given';
  return `${t.url || '(no server reached)'} (${where}); depth ${t.depth}; principals: ${t.principals.join(', ')}`;
}

function faultLabel(check: Check): string {
  return check.fault ? ` [${check.fault}: ${FAULTS[check.fault]}]` : '';
}

function tokenLine(f: FamilyResult): string | undefined {
  const t = f.tokens;
  if (!t) return undefined;
  return `tokens (${t.tokenizer}): one ${f.argument} is ${t.handleTokens} tokens, ${t.perCall} per call as an argument; the schemas add ${t.schemaTokens} once; over the ${t.depth}-turn workflow the handles added ${t.inConversation} tokens to the conversation`;
}

function verdict(r: VerifyResult): string {
  if (r.error) return `could not run: ${r.error}`;
  const s = r.summary;
  const counts = `${s.passed} passed, ${s.failed} failed, ${s.warnings} warnings, ${s.skipped} skipped`;
  return s.failed ? `FAIL (${counts}); faults: ${s.faults.map((f) => `${f} (${FAULTS[f]})`).join(', ') || 'none named'}` : `PASS (${counts})`;
}

export function renderText(r: VerifyResult): string {
  const lines = [`mcp-migrate verify: ${targetLine(r)}`];
  for (const c of r.checks) lines.push(`  ${MARK[c.status]}  ${c.title}${faultLabel(c)}\n        ${c.detail}`);
  for (const f of r.families) {
    lines.push('', `${f.noun}: ${f.argument}, minted by ${f.mintTool}; used by ${f.tools.join(', ')}`);
    lines.push(`  idempotency key: ${f.idempotencyKey ?? 'none'}; stated lifetime: ${f.statedLifetime ? `"${f.statedLifetime}"` : 'none'}${f.sampleHandle ? `; e.g. ${f.sampleHandle}` : ''}`);
    for (const c of f.checks) lines.push(`  ${MARK[c.status]}  ${c.title}${faultLabel(c)}\n        ${c.detail}`);
    const tokens = tokenLine(f);
    if (tokens) lines.push(`  ${tokens}`);
  }
  if (r.notes.length) lines.push('', ...r.notes.map((n) => `note: ${n}`));
  lines.push('', verdict(r));
  return `${lines.join('\n')}\n`;
}

export function renderJson(r: VerifyResult): string {
  return `${JSON.stringify(r, null, 2)}\n`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMarkdown(r: VerifyResult): string {
  const out = [`# mcp-migrate verify`, '', `Target: ${cell(targetLine(r))}`, '', `**${verdict(r)}**`, ''];
  const table = (checks: Check[]) => [
    '| check | result | fault | detail |',
    '|---|---|---|---|',
    ...checks.map((c) => `| ${cell(c.title)} | ${MARK[c.status]} | ${c.fault ? `\`${c.fault}\`` : ''} | ${cell(c.detail)} |`),
  ];
  if (r.checks.length) out.push(...table(r.checks), '');
  for (const f of r.families) {
    out.push(`## ${f.noun} (\`${f.argument}\`, minted by \`${f.mintTool}\`)`, '');
    out.push(`Used by ${f.tools.map((t) => `\`${t}\``).join(', ')}. Idempotency key: ${f.idempotencyKey ? `\`${f.idempotencyKey}\`` : 'none'}. Stated lifetime: ${f.statedLifetime ? `“${f.statedLifetime}”` : 'none'}.`, '');
    out.push(...table(f.checks), '');
    const tokens = tokenLine(f);
    if (tokens) out.push(`Token cost — ${tokens}.`, '');
  }
  if (r.notes.length) out.push('## Notes', '', ...r.notes.map((n) => `- ${n}`), '');
  return `${out.join('\n')}\n`;
}

export function render(r: VerifyResult, format: VerifyFormat): string {
  return format === 'json' ? renderJson(r) : format === 'markdown' ? renderMarkdown(r) : renderText(r);
}

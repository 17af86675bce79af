/**
 * `mcp-migrate rules`: every rule with its category, its effective severity (the configuration's
 * `rules` setting, else the rule's default), fix availability and summary. `mcp-migrate rules <id>`
 * prints that rule's doc page (shipped in the package's docs/rules/).
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import { Chalk } from 'chalk';
import { Option } from 'commander';
import { ConfigError, effectiveSeverity, findConfig, type Config, type RuleSetting } from '../config.js';
import { fixAvailable, fixKind, fixLabel, FIX_LEGEND_TEXT } from '../fix-status.js';
import { ruleDocPath, type RuleMeta } from '../model.js';
import { RULE_METAS } from '../rules/index.js';
import { didYouMean } from '../suggest.js';
import { EXIT, addOptions, configOptions, globalOptions, useColor, type CommandContext, type GlobalFlags } from './shared.js';

interface RulesFlags extends GlobalFlags {
  format: 'text' | 'json';
  config?: string;
}

export function registerRulesCommand(program: Command, { io, setExit }: CommandContext): void {
  const command = program
    .command('rules')
    .description('List every rule: id, category, effective severity (after the configuration found from the current directory), fix availability and summary; with a rule id, print that rule\'s doc.')
    .argument('[rule-id]', 'print the doc of this rule (e.g. session-state/keyed-store)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'));
  addOptions(command, configOptions());
  addOptions(command, globalOptions());
  command
    .addHelpText('after', '\nExamples:\n  $ mcp-migrate rules\n  $ mcp-migrate rules session-state/keyed-store\n  $ mcp-migrate rules -f json | jq \'.[] | select(.effectiveSeverity == "off") | .id\'')
    .action((ruleId: string | undefined, _flags: unknown, self: Command) => {
      const flags = self.optsWithGlobals<RulesFlags>();
      if (ruleId !== undefined) {
        setExit(printRuleDoc(ruleId, flags, io));
        return;
      }
      let config: Config;
      try {
        config = findConfig({ root: io.cwd, cwd: io.cwd, file: flags.config }, new Set(RULE_METAS.map((m) => m.id))).config;
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        io.stderr(`mcp-migrate: ${error.message}\n`);
        setExit(EXIT.error);
        return;
      }
      if (!flags.quiet) io.stdout(renderRules(flags.format, { config, color: useColor(io, flags.color) }));
      setExit(EXIT.ok);
    });
}

/** The package's docs/ directory (dist/commands/ and src/commands/ are both two levels below the package root). */
const DOCS_ROOT = new URL('../../', import.meta.url);

/** `rules <id>`: the rule's doc page as it ships (text), or its metadata with the page (json). */
function printRuleDoc(ruleId: string, flags: RulesFlags, io: CommandContext['io']): number {
  const meta = RULE_METAS.find((m) => m.id === ruleId);
  if (!meta) {
    io.stderr(`mcp-migrate: unknown rule "${ruleId}"${didYouMean(ruleId, RULE_METAS.map((m) => m.id))} (\`mcp-migrate rules\` lists them)\n`);
    return EXIT.error;
  }
  const doc = fs.readFileSync(new URL(ruleDocPath(meta.id), DOCS_ROOT), 'utf8');
  if (flags.quiet) return EXIT.ok;
  if (flags.format === 'json') {
    const { messages: _messages, ...rest } = meta;
    io.stdout(`${JSON.stringify({ ...rest, fix: fixKind(meta), fixAvailable: fixAvailable(meta.id), docs: ruleDocPath(meta.id), doc }, null, 2)}\n`);
  } else io.stdout(doc.endsWith('\n') ? doc : `${doc}\n`);
  return EXIT.ok;
}

export function renderRules(format: 'text' | 'json', { config = {}, color = false }: { config?: Config; color?: boolean } = {}): string {
  const effective = (meta: RuleMeta): RuleSetting => effectiveSeverity(meta.id, meta.severity, config);
  if (format === 'json') {
    const rules = RULE_METAS.map(({ messages: _m, ...meta }) => ({ ...meta, fix: fixKind(meta), fixAvailable: fixAvailable(meta.id), effectiveSeverity: effective(meta as RuleMeta), docs: ruleDocPath(meta.id) }));
    return `${JSON.stringify(rules, null, 2)}\n`;
  }
  const chalk = new Chalk({ level: color ? 1 : 0 });
  const paint = (setting: RuleSetting, text: string): string =>
    setting === 'error' ? chalk.red(text) : setting === 'warning' ? chalk.yellow(text) : setting === 'off' ? chalk.gray(text) : chalk.blue(text);
  const idWidth = Math.max(...RULE_METAS.map((m) => m.id.length));
  const fixWidth = Math.max(...RULE_METAS.map((m) => fixLabel(m).length), 'fix'.length);
  const header = `${'rule'.padEnd(idWidth)}  ${'category'.padEnd(18)}  ${'severity'.padEnd(9)}  ${'fix'.padEnd(fixWidth)}  summary`;
  let configured = false;
  const lines = RULE_METAS.map((m) => {
    const setting = effective(m);
    const changed = setting !== m.severity;
    configured ||= changed;
    const severity = `${setting}${changed ? '*' : ''}`.padEnd(9);
    return `${m.id.padEnd(idWidth)}  ${m.category.padEnd(18)}  ${paint(setting, severity)}  ${fixLabel(m).padEnd(fixWidth)}  ${m.summary}`;
  });
  const notes = [
    ...(configured ? [`* set in the configuration (mcp-migrate.config.json or package.json "mcp-migrate"); the rule's default differs.`] : []),
    FIX_LEGEND_TEXT,
  ];
  return `${header}\n${lines.join('\n')}\n\n${notes.join('\n')}\n`;
}

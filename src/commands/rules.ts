/**
 * `mcp-migrate rules`: every rule with its category, its effective severity (the config file's
 * `rules` setting, else the rule's default), fix availability and summary.
 */
import type { Command } from 'commander';
import { Chalk } from 'chalk';
import { Option } from 'commander';
import { CONFIG_FILE_NAME, ConfigError, effectiveSeverity, loadConfig, type Config, type RuleSetting } from '../config.js';
import { fixAvailable, fixKind, fixLabel, FIX_LEGEND_TEXT } from '../fix-status.js';
import type { RuleMeta } from '../model.js';
import { RULE_METAS } from '../rules/index.js';
import { EXIT, addOptions, globalOptions, useColor, type CommandContext, type GlobalFlags } from './shared.js';

interface RulesFlags extends GlobalFlags {
  format: 'text' | 'json';
}

export function registerRulesCommand(program: Command, { io, setExit }: CommandContext): void {
  const command = program
    .command('rules')
    .description(`List every rule: id, category, effective severity (after ${CONFIG_FILE_NAME} in the current directory), fix availability and summary.`)
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'));
  addOptions(command, globalOptions());
  command
    .addHelpText('after', '\nExamples:\n  $ mcp-migrate rules\n  $ mcp-migrate rules -f json | jq \'.[] | select(.effectiveSeverity == "off") | .id\'')
    .action((_flags: unknown, self: Command) => {
      const flags = self.optsWithGlobals<RulesFlags>();
      let config: Config;
      try {
        config = loadConfig(io.cwd, new Set(RULE_METAS.map((m) => m.id))).config;
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

export function renderRules(format: 'text' | 'json', { config = {}, color = false }: { config?: Config; color?: boolean } = {}): string {
  const effective = (meta: RuleMeta): RuleSetting => effectiveSeverity(meta.id, meta.severity, config);
  if (format === 'json') {
    const rules = RULE_METAS.map(({ messages: _m, ...meta }) => ({ ...meta, fix: fixKind(meta), fixAvailable: fixAvailable(meta.id), effectiveSeverity: effective(meta as RuleMeta), docs: `docs/rules/${meta.id}.md` }));
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
    ...(configured ? [`* set in the configuration (${CONFIG_FILE_NAME} or package.json "mcp-migrate"); the rule's default differs.`] : []),
    FIX_LEGEND_TEXT,
  ];
  return `${header}\n${lines.join('\n')}\n\n${notes.join('\n')}\n`;
}

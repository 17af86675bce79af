import { guessableSources } from '../../analysis/handles.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'handle-hygiene/guessable-handle',
    category: 'handle-hygiene',
    severity: 'warning',
    fix: 'manual',
    summary: 'A handle minted from a counter, a timestamp, `Math.random` or user data instead of a CSPRNG',
    messages: {
      counter: '`{{argument}}` minted by `{{tool}}` comes from a counter: the next caller can guess its neighbour\'s handle. Mint it from `crypto.randomBytes(16)` (or `randomUUID()`).',
      time: '`{{argument}}` minted by `{{tool}}` comes from the clock: handles minted near the same moment are guessable. Mint it from `crypto.randomBytes(16)` (or `randomUUID()`).',
      random: '`{{argument}}` minted by `{{tool}}` comes from `Math.random()`, which is not a cryptographic generator: its output can be predicted. Mint it from `crypto.randomBytes(16)` (or `randomUUID()`).',
      input: '`{{argument}}` minted by `{{tool}}` is derived from the tool\'s arguments: anyone who knows them can name the handle. Mint it from `crypto.randomBytes(16)` (or `randomUUID()`).',
    },
    spec: specUrl('basic/security_best_practices'),
  },
  create: (context) => ({
    end() {
      for (const { family, mint, kind, node } of guessableSources(context.analysis.handles)) {
        context.report({ node, messageId: kind, data: { argument: family.argument, tool: mint.tool.name } });
      }
    },
  }),
});

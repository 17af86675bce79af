/**
 * Background log messages sent from engine events, one awaited and one fired and forgotten with a `.catch` that only
 * swallows a failed send (j0hanz/cortex-mcp, sweep 26 Z4). With --modern-only both become stderr lines: the `.catch`
 * goes with the send, since writing to stderr cannot reject; a `.finally` would run code of its own, so that statement
 * is kept and marked, as is a `.catch` whose handler does work of its own (review 37 R6). A message on lines of its own
 * under the call moves up with it, indentation and all (sweep 26 Z9), unless a template literal in it spans lines: its
 * lines are text (review 37 R5).
 */
import { EventEmitter } from 'node:events';
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

export const events = new EventEmitter();
const server = new McpServer({ name: 'engine', version: '1.0.0' }, { capabilities: { logging: {} } });

events.on('budget', (used: number) => {
  void server
    .sendLoggingMessage({ level: 'notice', logger: 'engine', data: { event: 'budget', used } })
    .catch(() => undefined);
});

events.on('done', async (id: string) => {
  await server.sendLoggingMessage({ level: 'info', logger: 'engine', data: { event: 'done', id } });
});

events.on('stop', () => {
  void server.sendLoggingMessage({ level: 'info', logger: 'engine', data: 'stopping' }).finally(() => events.emit('stopped'));
});

events.on('tick', async (data: Record<string, unknown>) => {
  await server.sendLoggingMessage(
    {
      level: 'debug',
      logger: 'engine',
      data,
    },
  );
});

let failures = 0;
events.on('report', (total: number) => {
  void server
    .sendLoggingMessage({ level: 'info', logger: 'engine', data: `total ${total}` })
    .catch(() => {
      failures++;
    });
});

events.on('summary', async (total: number) => {
  await server.sendLoggingMessage(
    {
      level: 'info',
      data: `Summary:
    total=${total} failures=${failures}`,
    },
  );
});

await server.connect(new StdioServerTransport());

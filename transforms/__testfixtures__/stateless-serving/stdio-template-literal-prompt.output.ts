/**
 * A quickstart-shaped server whose prompt texts are multi-line template literals (sonnylazuardi/cursor-talk-to-figma-mcp):
 * moving the registrations into the factory indents their code, never the lines of a string's value (the indented
 * list, the code fence), nor the text after a `${…}` substitution, while the substitution's own code moves with them.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const LIMIT = 40;
function createServer() {
  const server = new McpServer({ name: 'figma', version: '1.0.0' });

  server.registerPrompt('design_strategy', { description: 'Best practices' }, () => ({
    messages: [
      {
        role: 'user',
        content: {
          type: 'text',
          text: `When working with designs:
- Start with a frame
  - Nested item

Example:
\`\`\`
frame
  child
\`\`\`
Keep names under ${
    LIMIT
  } characters.
  (indented on purpose)`,
        },
      },
    ],
  }));
  return server;
}

async function main() {
  serveStdio(createServer);
}

main();

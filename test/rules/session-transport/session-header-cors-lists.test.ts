import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-transport/session-header.js';

ruleTester(rule, {
  valid: [
    {
      name: 'CORS lists built from constants that do not name the session header',
      code: `import express from 'express';
const PROTOCOL_HEADER = 'Mcp-Protocol-Version';
const ALLOWED = ['Content-Type', PROTOCOL_HEADER];
const app = express();
app.use((_req, res, next) => {
  res.header('Access-Control-Allow-Headers', \`Content-Type, \${PROTOCOL_HEADER}\`);
  res.header('Access-Control-Allow-Headers', ALLOWED.join(', '));
  next();
});`,
    },
    {
      name: 'the session header constant used outside a CORS list',
      code: `const MCP_SESSION_ID_HEADER = 'Mcp-Session-Id';
export const describe = (text: string) => \`\${text}: \${MCP_SESSION_ID_HEADER}\`;`,
    },
  ],
  invalid: [
    {
      name: 'a template span and a concatenation naming the header through an imported-style constant',
      code: `import express from 'express';
const MCP_SESSION_ID_HEADER = 'Mcp-Session-Id';
const app = express();
app.use((_req, res, next) => {
  res.header(
    'Access-Control-Allow-Headers',
    \`Content-Type, Authorization, \${MCP_SESSION_ID_HEADER}\`
  );
  res.setHeader('Access-Control-Expose-Headers', 'X-Trace, ' + MCP_SESSION_ID_HEADER);
  next();
});`,
      errors: [
        { messageId: 'cors', line: 7 },
        { messageId: 'cors', line: 9 },
      ],
    },
    {
      // The header's name is found by the symbol lookup; a first argument that no declared string could make a CORS
      // list header skips it (rule's `corsListValue`), which must not skip one reaching it under another name.
      name: 'the CORS header name from a constant imported under another name',
      code: {
        'src/cors-names.ts': `export const ALLOW_HEADERS = 'Access-Control-Allow-Headers';`,
        'src/server.ts': `import express from 'express';
import { ALLOW_HEADERS as ACAH } from './cors-names.js';
const MCP_SESSION_ID_HEADER = 'Mcp-Session-Id';
const app = express();
app.use((_req, res, next) => {
  res.header(ACAH, \`Content-Type, \${MCP_SESSION_ID_HEADER}\`);
  next();
});`,
      },
      errors: [{ messageId: 'cors', line: 6, file: 'src/server.ts' }],
    },
    {
      name: 'the CORS header name from a config object, spelled with an escape (its value is what counts)',
      code: `import express from 'express';
const corsConfig = { expose: 'Access-Control-Expose-H\\u0065aders' };
const MCP_SESSION_ID_HEADER = 'Mcp-Session-Id';
const app = express();
app.use((_req, res, next) => {
  res.setHeader(corsConfig.expose, 'X-Trace, ' + MCP_SESSION_ID_HEADER);
  next();
});`,
      errors: [{ messageId: 'cors', line: 6 }],
    },
    {
      name: 'an entry of a header list declared elsewhere and joined into cors({ allowedHeaders })',
      code: `import cors from 'cors';
export const DEFAULT_ALLOWED_HEADERS = [
  'Content-Type',
  'Mcp-Session-Id',
];
export const corsOptions = cors({ allowedHeaders: DEFAULT_ALLOWED_HEADERS.join(', ') });`,
      errors: [{ messageId: 'cors', line: 4 }],
    },
  ],
});

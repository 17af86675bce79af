/**
 * A quiz master over Streamable HTTP (SDK v1), its session cleanups written compactly: a one-line block and a
 * brace-less `if` (sweep 38 AL6). The cleanups become notes that leave the code around them as it was.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

interface Quiz {
  asked: number;
  correct: number;
}

const QUESTIONS = [
  { q: 'Capital of Australia?', a: 'canberra' },
  { q: 'Chemical symbol of tungsten?', a: 'w' },
  { q: 'Year the Berlin Wall fell?', a: '1989' },
];

const quizzes = new Map<string, Quiz>();

/** quiz_id handles (mcp-migrate): minted by create_quiz, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const quizHandles = createHandleRegistry({
  prefix: 'quiz',
  argument: 'quiz_id',
  mintTool: 'create_quiz',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => quizzes.delete(id),
});

function quizFor(sessionId: string | undefined): Quiz {
  const key = sessionId ?? 'stdio';
  let quiz = quizzes.get(key);
  if (!quiz) {
    quiz = { asked: 0, correct: 0 };
    quizzes.set(key, quiz);
  }
  return quiz;
}

function buildServer(): McpServer {
  const server = new McpServer({ name: 'quiz-master', version: '1.0.2' });

  server.tool('next_question', 'Ask the next question.', { quiz_id: z.string().max(27).regex(/^quiz_[A-Za-z0-9_-]{22}$/, 'Not a quiz_id: call create_quiz to get one.').describe('The quiz_id returned by create_quiz.') }, async ({ quiz_id }, extra) => {
    const quizDenied = quizHandles.check(quiz_id, extra);
    if (quizDenied) return quizDenied;
    const quiz = quizFor(quiz_id);
    const question = QUESTIONS[quiz.asked % QUESTIONS.length]!;
    return { content: [{ type: 'text', text: question.q }] };
  });

  server.tool('answer', 'Answer the current question.', { answer: z.string(), quiz_id: z.string().max(27).regex(/^quiz_[A-Za-z0-9_-]{22}$/, 'Not a quiz_id: call create_quiz to get one.').describe('The quiz_id returned by create_quiz.') }, async ({ answer, quiz_id }, extra) => {
    const quizDenied = quizHandles.check(quiz_id, extra);
    if (quizDenied) return quizDenied;
    const quiz = quizFor(quiz_id);
    const question = QUESTIONS[quiz.asked % QUESTIONS.length]!;
    quiz.asked += 1;
    const right = answer.trim().toLowerCase() === question.a;
    if (right) quiz.correct += 1;
    return { content: [{ type: 'text', text: right ? 'Correct!' : `No: ${question.a}.` }] };
  });

  server.tool('score', 'Show the score so far.', { quiz_id: z.string().max(27).regex(/^quiz_[A-Za-z0-9_-]{22}$/, 'Not a quiz_id: call create_quiz to get one.').describe('The quiz_id returned by create_quiz.') }, async ({ quiz_id }, extra) => {
    const quizDenied = quizHandles.check(quiz_id, extra);
    if (quizDenied) return quizDenied;
    const quiz = quizFor(quiz_id);
    return { content: [{ type: 'text', text: `${quiz.correct}/${quiz.asked}` }] };
  });

  server.registerTool(
    'create_quiz',
    {
      description:
        'Create a new quiz and return its quiz_id. Pass the quiz_id to next_question, answer and score. A quiz_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_quiz again.',
      inputSchema: {
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same quiz_id instead of creating a second quiz, for as long as that quiz_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.'
          ),
      },
    },
    async ({ idempotency_key }, extra) => {
      const quiz_id = quizHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `quiz_id: ${quiz_id}` }], structuredContent: { quiz_id } };
    }
  );

  return server;
}

const app = express();
app.use(express.json());

// @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
const transports: Record<string, StreamableHTTPServerTransport> = {};

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    if (!isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
      return;
    }
    const created = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = created;
      },
      onsessionclosed: (id) => { /* quiz_id handles expire after 24 hours idle (mcp-migrate): no per-session cleanup of quizzes. */ },
    });
    created.onclose = () => {
      if (created.sessionId) delete transports[created.sessionId];
      if (created.sessionId) {
        /* quiz_id handles expire after 24 hours idle (mcp-migrate): no per-session cleanup of quizzes. */
      }
    };
    await buildServer().connect(created);
    transport = created;
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);

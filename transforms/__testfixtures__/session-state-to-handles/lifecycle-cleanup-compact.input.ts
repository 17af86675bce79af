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

  server.tool('next_question', 'Ask the next question.', async (extra) => {
    const quiz = quizFor(extra.sessionId);
    const question = QUESTIONS[quiz.asked % QUESTIONS.length]!;
    return { content: [{ type: 'text', text: question.q }] };
  });

  server.tool('answer', 'Answer the current question.', { answer: z.string() }, async ({ answer }, extra) => {
    const quiz = quizFor(extra.sessionId);
    const question = QUESTIONS[quiz.asked % QUESTIONS.length]!;
    quiz.asked += 1;
    const right = answer.trim().toLowerCase() === question.a;
    if (right) quiz.correct += 1;
    return { content: [{ type: 'text', text: right ? 'Correct!' : `No: ${question.a}.` }] };
  });

  server.tool('score', 'Show the score so far.', async (extra) => {
    const quiz = quizFor(extra.sessionId);
    return { content: [{ type: 'text', text: `${quiz.correct}/${quiz.asked}` }] };
  });

  return server;
}

const app = express();
app.use(express.json());

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
      onsessionclosed: (id) => { quizzes.delete(id); },
    });
    created.onclose = () => {
      if (created.sessionId) delete transports[created.sessionId];
      if (created.sessionId) quizzes.delete(created.sessionId);
    };
    await buildServer().connect(created);
    transport = created;
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);

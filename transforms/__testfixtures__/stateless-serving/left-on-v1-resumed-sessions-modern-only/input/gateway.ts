/**
 * A gateway whose sessions outlive the instance that opened them: a request carrying `Mcp-Session-Id` is served by
 * the session's transport, rebuilt from the shared directory when this instance does not hold it (`SessionInstances`).
 * The package's libraries are still on SDK 1.x, so the sdk-v2 step leaves these files on SDK 1.x, which speaks the
 * 2025 revisions only: with --modern-only nothing here can go (it would leave no endpoint), and the markers say why
 * and what goes with the sessions once the files move.
 */
import { randomUUID } from 'node:crypto';
import cors from 'cors';
import express, { type Request, type Response } from 'express';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SessionInstances, type SessionDirectory } from './instances.js';

export class ResumableGateway {
  readonly app = express();
  private readonly instances: SessionInstances;

  constructor(
    private readonly directory: SessionDirectory,
    private readonly build: () => McpServer,
  ) {
    this.instances = new SessionInstances(directory, build);
    this.app.use(cors({ allowedHeaders: ['Content-Type', 'Mcp-Session-Id'], exposedHeaders: ['Mcp-Session-Id'] }));
    this.app.use(express.json());
    this.app.all('/mcp', (req, res) => {
      void this.handle(req, res);
    });
  }

  private async handle(req: Request, res: Response): Promise<void> {
    const transport = await this.transportFor(req);
    await transport.handleRequest(req, res, req.body);
  }

  private async transportFor(req: Request): Promise<StreamableHTTPServerTransport> {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    if (sessionId) return this.instances.resume(sessionId);
    const transport = this.open();
    await this.build().connect(transport);
    return transport;
  }

  private open(): StreamableHTTPServerTransport {
    return new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: async (id) => {
        await this.directory.save({ id, openedAt: Date.now() });
      },
    });
  }
}

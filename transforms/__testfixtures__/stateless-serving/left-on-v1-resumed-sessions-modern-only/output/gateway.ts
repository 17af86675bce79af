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
    // @mcp-migrate-todo(session-transport/session-header): CORS names Mcp-Session-Id for the sessionful serving this migration kept in this file (marked at its transport): keep it while that serving mints session ids, then drop it from the list.
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
    // @mcp-migrate-todo(session-transport/session-id-generator): the transport is created in the method `open()`, not in a route handler: replace the method and the routing that calls it with one stateless endpoint by hand. `transportFor()` makes a new session here only for a request without a session id, and resumes the session of any other request through `this.instances.resume(…)`: that path serves requests carrying `Mcp-Session-Id` sessionfully whatever this helper does, so both go together, with the session routing. This file stays on SDK 1.x (the sdk-v2 step left it there, see MIGRATION.md), which has no `createMcpHandler`: the stateless idiom here is SDK 1.x's. --modern-only does not remove this sessionful path: SDK 1.x serves 2025-era clients only, so without it this endpoint would serve no client at all; move the file to SDK v2 first, then run apply again. On SDK 1.x, serve each POST with a new server from `buildServer()` and a new transport with `sessionIdGenerator: undefined` (`await server.connect(transport); await transport.handleRequest(req, res, req.body)`, both closed when the response closes), and answer GET and DELETE with 405 (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    return new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: async (id) => {
        await this.directory.save({ id, openedAt: Date.now() });
      },
    });
  }
}

/**
 * An HTTP+SSE endpoint served by a NestJS service and mounted by a controller's decorated routes (sweep 39 AM2, AM4:
 * danylo-pavenko/gcal-mcp's shape). Not a fixture pair: parameter decorators need `experimentalDecorators` and the Nest
 * packages, which the fixture type-checks do not have; what is checked here is what scan reports and where apply marks.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { parseMarkers } from '../../src/markers.js';
import { scan } from '../../src/scan.js';
import { cleanUpMaterialised, materialise, readTree } from '../support/transform-fixtures.js';

afterAll(cleanUpMaterialised);

const SERVICE = `import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { IncomingMessage, ServerResponse } from 'http';

@Injectable()
export class McpService {
  private transports = new Map<string, SSEServerTransport>();

  private createMcpServer(): McpServer {
    const server = new McpServer({ name: 'calendar', version: '1.0.0' });
    server.registerTool('ping', { description: 'Ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
    return server;
  }

  async handleSseConnection(req: IncomingMessage, res: ServerResponse) {
    const transport = new SSEServerTransport('/mcp/messages', res);
    this.transports.set(transport.sessionId, transport);
    transport.onclose = () => {
      this.transports.delete(transport.sessionId);
    };
    const server = this.createMcpServer();
    await server.connect(transport);
  }

  async handleMessage(req: IncomingMessage, res: ServerResponse, sessionId: string, body: unknown) {
    const transport = this.transports.get(sessionId);
    if (!transport) {
      res.writeHead(404).end();
      return;
    }
    await transport.handlePostMessage(req, res, body);
  }
}
`;

const CONTROLLER = `import { Controller, Get, Post, Req, Res, Query } from '@nestjs/common';
import { Request, Response } from 'express';
import { McpService } from './mcp.service';

@Controller('mcp')
export class McpController {
  constructor(private readonly mcpService: McpService) {}

  @Get('sse')
  async sseEndpoint(@Req() req: Request, @Res() res: Response) {
    await this.mcpService.handleSseConnection(req, res);
  }

  @Post('messages')
  async messageEndpoint(@Req() req: Request, @Res() res: Response, @Query('sessionId') sessionId: string) {
    await this.mcpService.handleMessage(req, res, sessionId, req.body);
  }
}
`;

const PACKAGE = JSON.stringify({ name: 'calendar', version: '1.0.0', dependencies: { '@modelcontextprotocol/sdk': '^1.17.0', '@nestjs/common': '^11.0.0', zod: '^3.25.0' } });

function project(): string {
  return materialise('nest-sse', new Map([['package.json', PACKAGE], ['src/mcp.service.ts', SERVICE], ['src/mcp.controller.ts', CONTROLLER]]));
}

describe('an HTTP+SSE endpoint behind a NestJS controller', () => {
  it('scan: the GET route opens the HTTP+SSE stream (not the standalone GET stream), and @Query(\'sessionId\') is the HTTP+SSE session id', async () => {
    const report = await scan({ paths: [project()] });
    const controller = report.findings.filter((f) => f.file === 'src/mcp.controller.ts').map((f) => [f.line, f.ruleId, f.message.slice(0, 40)]);
    expect(controller).toEqual([
      [9, 'session-transport/session-route', 'GET opens an HTTP+SSE session stream (`S'],
      [15, 'session-transport/sse-transport', 'Reads the HTTP+SSE `?sessionId=` query p'],
    ]);
  });

  for (const modernOnly of [false, true]) {
    it(`apply${modernOnly ? ' --modern-only' : ''}: both routes are marked as the endpoint's mounts${modernOnly ? ", and the endpoint's marker names its factory and why its methods stay" : ''}`, async () => {
      const dir = project();
      const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'], transformOptions: { modernOnly } });
      expect(result.failures).toEqual([]);
      const tree = readTree(dir);
      const routes = parseMarkers(tree.get('src/mcp.controller.ts')!).map((m) => m.message);
      expect(routes).toEqual([
        expect.stringMatching(/^GET \/mcp\/sse opens the streams of the HTTP\+SSE endpoint in src\/mcp\.service\.ts: its transports are made by `McpService\.handleSseConnection\(\)`/),
        expect.stringMatching(/^POST \/mcp\/messages hands its messages to the streams of the HTTP\+SSE endpoint in src\/mcp\.service\.ts/),
      ]);
      const endpoint = parseMarkers(tree.get('src/mcp.service.ts')!).find((m) => m.message.startsWith('HTTP+SSE endpoint'))!.message;
      if (modernOnly) {
        expect(endpoint).toContain('its handlers are methods of `McpService`, which this rewrite does not take apart');
        expect(endpoint).toContain('`createMcpHandler(() => this.createMcpServer())`');
      }
      // Every finding of the controller is marked: none is left for "Change by hand".
      const after = await scan({ paths: [dir] });
      expect(after.findings.filter((f) => f.file === 'src/mcp.controller.ts' && !f.message.startsWith('Left by'))).toEqual([]);
    });
  }
});

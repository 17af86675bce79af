/**
 * One resource per recent CI build, kept in step with the CI by a poll: it registers the new builds and removes the
 * ones that are gone, at start and every minute. No call and no connection changes the list, a timer does: both sites
 * are told to register a resource template over the builds in the factory and publish changes (sweep 18 R4).
 */
import { McpServer, type RegisteredResource } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

interface Build {
  id: string;
  branch: string;
}

async function fetchRecentBuilds(): Promise<Build[]> {
  const response = await fetch('https://ci.example.com/api/builds?limit=20');
  return (await response.json()) as Build[];
}

const shown = new Map<string, RegisteredResource>();

async function syncBuildResources(server: McpServer): Promise<void> {
  const builds = await fetchRecentBuilds();
  const current = new Set(builds.map((b) => b.id));
  for (const [id, resource] of shown) {
    if (!current.has(id)) {
      shown.delete(id);
      // @mcp-migrate-todo(server-push/tool-toggle): `remove()` runs from a `setInterval` callback: the list changes while clients are connected, not per connection or per call. On 2026-07-28 a per-request server is built anew for each request and never sees that callback: register the items in the server factory (a resource template over the changing set) and publish the changes with handler.notify.* (HTTP; a shared ServerEventBus across instances) or the instance's send*ListChanged under serveStdio.
      resource.remove();
    }
  }
  for (const build of builds) {
    if (shown.has(build.id)) continue;
    const uri = `ci://builds/${build.id}`;
    // @mcp-migrate-todo(server-push/tool-toggle): `registerResource()` runs from a `setInterval` callback: the list changes while clients are connected, not per connection or per call. On 2026-07-28 a per-request server is built anew for each request and never sees that callback: register the items in the server factory (a resource template over the changing set) and publish the changes with handler.notify.* (HTTP; a shared ServerEventBus across instances) or the instance's send*ListChanged under serveStdio.
    shown.set(
      build.id,
      server.registerResource(build.branch, uri, { mimeType: 'application/json' }, async () => ({
        contents: [{ uri, text: JSON.stringify(build) }],
      })),
    );
  }
}

const server = new McpServer({ name: 'ci-builds', version: '0.9.0' });
await syncBuildResources(server);
setInterval(() => void syncBuildResources(server), 60_000);
await server.connect(new StdioServerTransport());

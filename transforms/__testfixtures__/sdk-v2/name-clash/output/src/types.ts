// The project's own context, handed to every tool beside the SDK's request context. v2 exports a
// `ServerContext` too: the migrated code must keep both apart.
export interface ServerContext {
  organizationSlug: string | null;
  userId?: string;
}

/**
 * sse-exported-handlers-mounted-modern-only's endpoint written another way: the handlers are exported by a list at the
 * end of the module, the router is mounted under `/api` (the transport gives clients `/api/messages`, the router's route
 * is `/messages`), and the message route hands the request on through an arrow. With --modern-only the handlers go,
 * with their names in the export list, the routes mounting them (a comment on a route's line too) and the headers
 * middleware only the stream route used; the middleware the router exports stays.
 */

function channelFor(sessionId: string): string {
  return `mcp:${sessionId}`;
}

export { channelFor };

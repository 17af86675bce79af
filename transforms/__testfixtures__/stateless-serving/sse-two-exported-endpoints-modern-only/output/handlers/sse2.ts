/**
 * A second HTTP+SSE endpoint mounted by the same router as `sse.ts`'s, its stream route behind the same `sseHeaders`
 * middleware. With --modern-only both endpoints go, and the middleware with the last of their routes: the router's
 * removals are written once both endpoints are planned (a middleware left unused by two removals is found then).
 */

/**
 * The deprecated HTTP+SSE endpoint as two exported handlers that the router in `../index.ts` mounts (the shape of
 * example-remote-server): the stream opens here, and the messages posted to `/messages` reach it through a relay
 * channel, so that any instance can take a POST. With --modern-only both handlers go, with the routes mounting them,
 * the relay helper only they use and the import of them; the Streamable HTTP endpoint stays.
 */

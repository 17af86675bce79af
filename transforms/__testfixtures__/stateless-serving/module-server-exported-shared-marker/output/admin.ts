import { server } from './server.js';

/** Whether the shared server is connected right now: needs the one server object, which a factory would not give. */
export function serverConnected(): boolean {
  return server.isConnected();
}

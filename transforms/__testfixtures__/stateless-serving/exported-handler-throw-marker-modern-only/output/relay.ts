/**
 * Sessions relayed over a message bus so that any instance can serve any session (a stand-in for Redis pub/sub): the
 * session's server is connected to a transport of the project, and each HTTP transport is relayed to it.
 */
import { EventEmitter } from 'node:events';
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';

const bus = new EventEmitter();
const owners = new Map<string, string>();

export class BusServerTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;

  constructor(private readonly channel: string) {}

  async start(): Promise<void> {
    bus.on(`to-server:${this.channel}`, (message: JSONRPCMessage) => this.onmessage?.(message));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    bus.emit(`to-client:${this.channel}`, message);
  }

  async close(): Promise<void> {
    bus.removeAllListeners(`to-server:${this.channel}`);
    this.onclose?.();
  }
}

/** Carries the HTTP transport's messages to the session's server and back; returns the cleanup. */
export function relayToServer(sessionId: string, transport: NodeStreamableHTTPServerTransport): () => void {
  const toClient = (message: JSONRPCMessage) => void transport.send(message);
  bus.on(`to-client:${sessionId}`, toClient);
  transport.onmessage = (message) => bus.emit(`to-server:${sessionId}`, message);
  return () => bus.off(`to-client:${sessionId}`, toClient);
}

export function setSessionOwner(sessionId: string, userId: string): void {
  owners.set(sessionId, userId);
}

export function isSessionOwnedBy(sessionId: string, userId: string): boolean {
  return owners.get(sessionId) === userId;
}

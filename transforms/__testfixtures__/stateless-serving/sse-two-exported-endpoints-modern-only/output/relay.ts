import { EventEmitter } from 'node:events';

const emitter = new EventEmitter();

/** A publish/subscribe channel between instances (Redis in production, an emitter here). */
export const relay = {
  publish(channel: string, message: string): void {
    emitter.emit(channel, message);
  },
  subscribe(channel: string, listener: (message: string) => void): () => void {
    emitter.on(channel, listener);
    return () => emitter.off(channel, listener);
  },
};

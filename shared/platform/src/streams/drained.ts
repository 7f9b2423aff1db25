import type { EventEmitter } from 'node:events';

/**
 * Settles once a writer that refused more (a socket, an HTTP response, an AMQP channel) can take more
 * again ('drain'), or will never take anything again ('close'); either way both listeners go, so a long
 * stream waiting many times leaves none behind.
 */
export function drainedOrClosed(writer: EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      writer.off('drain', done);
      writer.off('close', done);
      resolve();
    };
    writer.on('drain', done);
    writer.on('close', done);
  });
}

import { EventEmitter } from 'node:events';
import { drainedOrClosed } from '../../src/streams/drained';

describe('drainedOrClosed', () => {
  it.each(['drain', 'close'])("when the writer emits '%s', then it settles and leaves no listener behind", async (event) => {
    const writer = new EventEmitter();
    let settled = false;
    const waiting = drainedOrClosed(writer).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    writer.emit(event);
    await waiting;
    expect(settled).toBe(true);
    expect(writer.listenerCount('drain') + writer.listenerCount('close')).toBe(0);
  });
});

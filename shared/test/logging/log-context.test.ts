import { Writable } from 'node:stream';
import { createLogger, setRequestTenant, withRequestId } from '../../src';

/** Every line logged while a request or a message is served names it and its tenant (docs/operations.md, Logs). */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger('test', 'info', destination), lines };
}

describe('the context of a log line', () => {
  it('when a line is logged while a message of a tenant is handled, then it carries request_id and tenant_id', async () => {
    const { logger, lines } = capturedLogger();
    await withRequestId('req-1', async () => {
      await Promise.resolve();
      logger.warn({ detail: 1 }, 'inside');
    }, 'tenant-a');
    expect(lines).toEqual([expect.objectContaining({ service: 'test', msg: 'inside', detail: 1, request_id: 'req-1', tenant_id: 'tenant-a' })]);
  });

  it('when a request learns its tenant from its caller, then the lines after say so; lines outside any request carry neither', () => {
    const { logger, lines } = capturedLogger();
    withRequestId('req-2', () => {
      logger.info('before the caller is known');
      setRequestTenant('tenant-b');
      logger.info('after');
    });
    logger.info('outside');
    expect(lines.map(({ msg, request_id, tenant_id }) => ({ msg, request_id, tenant_id }))).toEqual([
      { msg: 'before the caller is known', request_id: 'req-2', tenant_id: undefined },
      { msg: 'after', request_id: 'req-2', tenant_id: 'tenant-b' },
      { msg: 'outside', request_id: undefined, tenant_id: undefined },
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { createLogger } from '@crm/platform';
import Redis from 'ioredis';
import { CredentialChanges } from '../src/credentials/credential-changes';
import { closeRedis, createGatewayRedis, waitForRedis } from '../src/redis/redis-client';
import { closedPort } from './support/fake-upstreams';
import { deleteKeys } from './support/gateway-harness';

const logger = createLogger('gateway', 'silent');

describe('changes of credentials shared by the gateway replicas', () => {
  const keyPrefix = `test:gateway:${randomUUID()}:`;
  const replicas: Redis[] = [];
  const connected = async () => {
    const redis = createGatewayRedis(process.env.REDIS_URL!, keyPrefix, logger);
    replicas.push(redis);
    if (!(await waitForRedis(redis, 2_000))) throw new Error('the test Redis is unreachable');
    return redis;
  };
  const replica = async () => new CredentialChanges(await connected(), logger);
  afterAll(async () => {
    const cleaner = new Redis(process.env.REDIS_URL!);
    await deleteKeys(cleaner, keyPrefix);
    cleaner.disconnect();
    await Promise.all(replicas.map(closeRedis));
  });

  it('when one replica records a change, then it applies there at once and on another within a second', async () => {
    const [here, there] = [await replica(), await replica()];
    const profileId = randomUUID();
    expect(await there.lastChangeOf(profileId)).toBeUndefined(); // read once: the next second reuses it

    here.record(profileId);
    const recordedAt = Date.now();

    expect(await here.lastChangeOf(profileId)).toBeGreaterThanOrEqual(recordedAt - 50);
    let seenThere: number | undefined;
    while (!(seenThere = await there.lastChangeOf(profileId)) && Date.now() - recordedAt < 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(Date.now() - recordedAt).toBeLessThanOrEqual(1_100);
    expect(seenThere).toBe(await here.lastChangeOf(profileId));
  });

  it('when two replicas record changes whose writes cross, then the later change is kept', async () => {
    const profileId = randomUUID();
    const redis = await connected();
    const later = Date.now() + 60_000;
    await redis.set(`credentials-changed-at:${profileId}`, String(later));

    (await replica()).record(profileId);

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Number(await redis.get(`credentials-changed-at:${profileId}`))).toBe(later);
  });

  it('when Redis is unreachable, then a change this replica proxied still applies here', async () => {
    const redis = createGatewayRedis(`redis://127.0.0.1:${await closedPort()}`, keyPrefix, logger);
    replicas.push(redis);
    const changes = new CredentialChanges(redis, logger);
    const [changed, untouched] = [randomUUID(), randomUUID()];

    changes.record(changed);

    expect(await changes.lastChangeOf(changed)).toBeDefined();
    expect(await changes.lastChangeOf(untouched)).toBeUndefined();
  });
});

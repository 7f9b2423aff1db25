import { assertProductionSafe, DEV_BROKER_PASSWORD } from '../../src/config/config';
import { amqpUserOf, brokerUserOf, expectedPublisher, serviceAmqpUrl } from '../../src/messaging';

describe("a service's broker user (docs/security.md §10.2)", () => {
  it('is crm-<service>, and the user-id a consumer expects of a type is its producer\'s', () => {
    expect(brokerUserOf('accounts-opportunities')).toBe('crm-accounts-opportunities');
    const producers = { leads: ['lead.converted'], contacts: ['contact.created'] };
    expect(expectedPublisher(producers, 'lead.converted')).toBe('crm-leads');
    expect(expectedPublisher(producers, 'made.up')).toBeUndefined();
  });

  it("connects with AMQP_URL when it names the service's user; outside production, as that user with the development password otherwise", () => {
    const own = 'amqp://crm-leads:s3cret@rabbitmq:5672/vhost?heartbeat=10';
    expect(serviceAmqpUrl(own, 'leads', 'production')).toBe(own);
    const shared = serviceAmqpUrl('amqp://guest:guest@127.0.0.1:5672', 'leads', 'test');
    expect(new URL(shared)).toMatchObject({ username: 'crm-leads', password: DEV_BROKER_PASSWORD, host: '127.0.0.1:5672' });
    expect(amqpUserOf(shared)).toBe('crm-leads');
    expect(amqpUserOf('amqp://127.0.0.1')).toBe('guest');
  });

  it("refuses in production another user's URL, and the development password", () => {
    expect(() => serviceAmqpUrl('amqp://crm-contacts:s3cret@rabbitmq:5672', 'leads', 'production')).toThrow(/AMQP_URL: connects as crm-contacts; leads must connect as its own broker user crm-leads/);
    const production = { NODE_ENV: 'production' as const, PUBLIC_BASE_URL: 'https://crm.example.com' };
    const problems = () => {
      try {
        assertProductionSafe(production, { AMQP_URL: `amqp://crm-leads:${DEV_BROKER_PASSWORD}@rabbitmq:5672` }, {});
        return [];
      } catch (error) {
        return (error as { problems: string[] }).problems;
      }
    };
    expect(problems()).toContainEqual(expect.stringMatching(/^AMQP_URL: carries the development password of the broker users/));
  });
});

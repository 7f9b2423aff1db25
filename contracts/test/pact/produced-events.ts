import type { TestSystem } from '../../../test/support/system';
import { addMember, registerTenant, type TenantAdmin } from '../../../test/support/tenants';

/**
 * Makes each producer write a real event of a type, the way clients cause it (through the gateway), and
 * answers what its outbox holds for it: the exact message the relay publishes.
 */
export class ProducedEvents {
  private constructor(
    private readonly system: TestSystem,
    private readonly admin: TenantAdmin,
  ) {}

  static async start(system: TestSystem): Promise<ProducedEvents> {
    const admin = await registerTenant(system.api, 'Pact Ltd');
    return new ProducedEvents(system, admin);
  }

  /** The envelope `producer` wrote to its outbox for `type` about `subject` (the latest one). */
  private async outboxed(producer: string, type: string, subject: string): Promise<Record<string, unknown>> {
    const [row] = await this.system.services[producer]!.dataSource.query(
      'SELECT payload FROM outbox WHERE type = $1 AND subject = $2 ORDER BY seq DESC LIMIT 1',
      [type, subject],
    );
    if (!row) throw new Error(`${producer} wrote no ${type} about ${subject}`);
    return row.payload;
  }

  /** `outboxed`, for an event its producer writes a moment after the request (a message crossed the services first). */
  private async eventuallyOutboxed(producer: string, type: string, subject: string): Promise<Record<string, unknown>> {
    for (const deadline = Date.now() + 30_000; ; ) {
      try {
        return await this.outboxed(producer, type, subject);
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  private async call(method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown): Promise<any> {
    const res = await this.system.api.request(method.toUpperCase(), path, body, { token: this.admin.access });
    if (res.status >= 300) throw new Error(`${method.toUpperCase()} ${path}: ${res.status} ${res.text}`);
    return res.body;
  }

  private readonly bodies: Record<string, () => Record<string, unknown>> = {
    lead: () => ({ first_name: 'Ada', last_name: 'Lovelace', email: `ada-${Date.now()}@example.com`, phone: '+44 20 7946 0000', title: 'CTO', company_name: 'Ada Inc' }),
    contact: () => ({ first_name: 'Ada', last_name: 'Lovelace', email: `ada-${Date.now()}@example.com`, phone: '+44 20 7946 0000', title: 'CTO' }),
    account: () => ({ name: 'Ada Inc' }),
    opportunity: () => ({ name: 'Ada Inc deal' }),
    task: () => ({ title: 'Call Ada' }),
  };

  private readonly collections: Record<string, string> = {
    lead: '/api/leads/',
    contact: '/api/contacts/',
    account: '/api/accounts/',
    opportunity: '/api/opportunities/',
    task: '/api/tasks/',
  };

  /** Causes one event of `type` and answers it as its producer's outbox holds it. */
  async produce(producer: string, type: string): Promise<Record<string, unknown>> {
    const [entity, change] = type.split('.') as [string, string];
    if (entity === 'web_form_submission') {
      const form = await this.call('post', '/api/web-forms/', { name: 'Contact us' });
      const res = await this.system.api.post(`/api/public/web-forms/${form.public_key}/submissions/`, { email: `ada-${Date.now()}@example.com` });
      if (res.status !== 201) throw new Error(`submission: ${res.status} ${res.text}`);
      return this.outboxed(producer, type, res.body.id);
    }
    if (change === 'reassignment_requested' || change === 'records_reassigned') {
      // Two members with nothing to move: the request, then each owning service's report, written once it has moved nothing.
      const [from, to] = [await addMember(this.system.api, this.admin, true), await addMember(this.system.api, this.admin, true)];
      const reassignment = await this.call('post', `/api/auth/users/${from.profileId}/reassign/`, { to: to.profileId });
      return change === 'reassignment_requested' ? this.outboxed(producer, type, reassignment.id) : this.eventuallyOutboxed(producer, type, reassignment.id);
    }
    if (entity === 'profile') {
      const member = await addMember(this.system.api, this.admin, false);
      if (change === 'updated') await this.call('patch', `/api/auth/users/${member.profileId}/`, { sales_access: true });
      if (change === 'deactivated' || change === 'reactivated') await this.call('post', `/api/auth/users/${member.profileId}/deactivate/`);
      if (change === 'reactivated') await this.call('post', `/api/auth/users/${member.profileId}/reactivate/`);
      return this.outboxed(producer, type, member.profileId);
    }
    const collection = this.collections[entity]!;
    const create = () => this.call('post', collection, this.bodies[entity]!()) as Promise<{ id: string }>;
    const record = await create();
    if (change === 'deleted' && (entity === 'lead' || entity === 'contact')) {
      // Its `merged_into` is what consumers read beyond a plain delete: the merged-away record of a merge.
      const mergedAway = await create();
      await this.call('post', `${collection}${record.id}/merge/`, { merge_id: mergedAway.id });
      return this.outboxed(producer, type, mergedAway.id);
    }
    if (change === 'updated') await this.call('patch', `${collection}${record.id}/`, { tags: ['pact'] });
    if (change === 'deleted') await this.call('delete', `${collection}${record.id}/`);
    if (change === 'merged') await this.call('post', `${collection}${record.id}/merge/`, { merge_id: (await create()).id });
    if (change === 'converted') await this.call('put', `${collection}${record.id}/`, { ...this.bodies.lead!(), opportunity_amount: '500.00', status: 'converted' });
    return this.outboxed(producer, type, record.id);
  }
}

import { randomUUID } from 'node:crypto';
import type { DataSource } from '@crm/platform';
import { insertRecords } from '@crm/records';
import { LEADS, type LeadRecord } from '../../src/leads/leads.repository';
import type { LeadStatus } from '../../src/leads/leads.schemas';

/** A lead written straight to the table, as the service stores one: named Ada, of a tenant and an owner of its own unless given. */
export async function storedLead(db: DataSource, status: LeadStatus, tenantId: string = randomUUID()): Promise<LeadRecord> {
  const [lead] = await insertRecords(db.manager, LEADS, [
    {
      id: randomUUID(),
      tenantId,
      createdBy: randomUUID(),
      now: new Date(),
      values: {
        title: null,
        first_name: 'Ada',
        last_name: null,
        email: null,
        phone: null,
        company_name: null,
        status,
        source: null,
        opportunity_amount: null,
        currency: 'USD',
        tags: [],
        board_position: 0,
        assigned_to: randomUUID(),
        custom_fields: {},
      },
    },
  ]);
  return lead!;
}

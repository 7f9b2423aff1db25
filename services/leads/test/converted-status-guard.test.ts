import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { openServiceDatabase, UnprocessableError, type DataSource } from '@crm/platform';
import { updateRecord } from '@crm/records';
import { LEADS, type LeadRecord } from '../src/leads/leads.repository';
import { leadsMigrations } from '../src/migrations';
import { storedLead } from './support/stored-lead';

/**
 * api-contract §6: the database itself keeps a converted lead converted, so a code path that forgets the
 * rule (or plain SQL) cannot break it.
 */
const SCHEMA = 'leads_status_guard_test';
const DATABASE_URL = process.env.DATABASE_URL!;

let dataSource: DataSource, sql: Client;

beforeAll(async () => {
  sql = new Client({ connectionString: DATABASE_URL });
  await sql.connect();
  await sql.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  dataSource = await openServiceDatabase({ url: DATABASE_URL, schema: SCHEMA, poolSize: 2, migrations: leadsMigrations });
});
afterAll(async () => {
  await dataSource?.destroy();
  await sql?.end();
});

const statusOf = async (id: string): Promise<string> =>
  (await sql.query(`SELECT status FROM ${SCHEMA}.leads WHERE id = $1`, [id])).rows[0].status;

describe('the leads table', () => {
  it.each(['new', 'qualified'])('when an UPDATE sets a converted lead’s status to %s, then the database refuses it', async (status) => {
    const lead = await storedLead(dataSource, 'converted');

    await expect(sql.query(`UPDATE ${SCHEMA}.leads SET status = $2 WHERE id = $1`, [lead.id, status])).rejects.toMatchObject({
      code: '23514',
      constraint: 'leads_converted_stays_converted',
    });
    expect(await statusOf(lead.id)).toBe('converted');
  });

  it('when an UPDATE changes a converted lead’s other columns, then the database lets it', async () => {
    const lead = await storedLead(dataSource, 'converted');

    await sql.query(`UPDATE ${SCHEMA}.leads SET title = 'Countess', status = 'converted' WHERE id = $1`, [lead.id]);

    const { rows } = await sql.query(`SELECT title, status FROM ${SCHEMA}.leads WHERE id = $1`, [lead.id]);
    expect(rows[0]).toEqual({ title: 'Countess', status: 'converted' });
  });

  it('when an open lead’s status changes, converted included, then the database lets it', async () => {
    const lead = await storedLead(dataSource, 'new');

    for (const status of ['qualified', 'new', 'converted']) {
      await sql.query(`UPDATE ${SCHEMA}.leads SET status = $2 WHERE id = $1`, [lead.id, status]);
      expect(await statusOf(lead.id)).toBe(status);
    }
  });
});

describe('updating a lead through the records layer', () => {
  it('when the values would take a converted lead’s status away, then the database’s refusal answers 422', async () => {
    const lead = await storedLead(dataSource, 'converted');

    const update = updateRecord(dataSource.manager, LEADS, lead.id, { ...lead.values, status: 'new' }, new Date());

    await expect(update).rejects.toBeInstanceOf(UnprocessableError);
    await expect(update).rejects.toMatchObject({ status: 422 });
    expect(await statusOf(lead.id)).toBe('converted');
  });
});

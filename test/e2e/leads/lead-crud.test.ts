import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import { serverDerived, type Member, type TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';
import { expectEachRefused } from '../../support/api-client';

let system: TestSystem, admin: TenantAdmin, seller: Member;
beforeAll(async () => ({ system, admin, seller } = await startWithTenant({ members: { seller: true } })));
afterAll(() => system.stop());

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const FULL_BODY = {
  title: 'Head of Sales',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'Ada@Example.com',
  phone: '+44 20 7946 0958',
  company_name: 'Analytical Engines',
  status: 'contacted',
  source: 'website_form',
  opportunity_amount: '1250.5',
  currency: 'EUR',
  tags: ['vip', 'uk', 'vip'],
  board_position: 3,
};

describe('creating a lead', () => {
  it('when the body is complete, then 201 with the full record, owned by the creator', async () => {
    const res = await system.api.post('/api/leads/', FULL_BODY, { token: seller.access });
    expect(res.status).toBe(201);
    // What was sent, normalised (e-mail lower-cased, amount with two places, tags once each), and the owner.
    const normalised = { email: 'ada@example.com', opportunity_amount: '1250.50', tags: ['vip', 'uk'] };
    expect(res.body).toEqual({ ...serverDerived(admin, seller), ...FULL_BODY, ...normalised, assigned_to: { id: seller.profileId, email: seller.email } });
  });

  it('when only a name is given, then the defaults fill the rest and it goes to the end of its column', async () => {
    const first = await createLead(system.api, admin.access, { first_name: 'Only' });
    const second = await createLead(system.api, admin.access, { last_name: 'Name' });
    expect(first).toMatchObject({ status: 'new', source: null, currency: 'USD', tags: [], opportunity_amount: null, email: null });
    expect(second.board_position).toBe(first.board_position + 1);
  });

  it('when no name, e-mail or company is given, then 400', async () => {
    const res = await system.api.post('/api/leads/', { phone: '123', title: 'Nobody' }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, errors: { non_field_errors: expect.any(String) } });
  });

  it('when a field is unknown or has the wrong type, then 400 on each of them', async () => {
    await expectEachRefused(system.api, admin.access, '/api/leads/', { first_name: 'X' }, { favourite_colour: 'red', email: 'not-an-email', status: 'won', source: 'carrier pigeon', opportunity_amount: '-5', currency: 'XXXX', tags: 'vip', board_position: 1.5, phone: 'x'.repeat(33), last_name: 'y'.repeat(256) });
  });

  it('when board_position is past its range or no whole number, then 400 in the contract\'s words (issue 35.12)', async () => {
    for (const [position, message] of [[3e9, 'Must be 2147483647 or less.'], [1e20, 'Must be 2147483647 or less.'], [-1, 'Must be 0 or more.'], [1.5, 'Must be a whole number.'], ['1', 'Must be a whole number.']] as const) {
      const res = await system.api.post('/api/leads/', { first_name: 'X', board_position: position }, { token: admin.access });
      expect({ position, body: res.body }).toEqual({ position, body: { error: true, errors: { board_position: message } } });
    }
  });

  it('when a new lead is sent as converted, then 400 on status', async () => {
    const res = await system.api.post('/api/leads/', { first_name: 'X', status: 'converted' }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ status: expect.any(String) });
  });
});

describe('reading, changing and deleting a lead', () => {
  it('when PATCH sends some fields, then only those change and the version moves on', async () => {
    const lead = await createLead(system.api, admin.access, FULL_BODY);
    const res = await system.api.patch(`/api/leads/${lead.id}/`, { phone: null, tags: ['new-tag'] }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...lead, phone: null, tags: ['new-tag'], updated_at: expect.stringMatching(TIMESTAMP) });
    expect((await system.api.get(`/api/leads/${lead.id}/`, { token: admin.access })).body.phone).toBeNull();
  });

  it('when PUT omits fields, then they go back to their defaults; owner and board position stay', async () => {
    const lead = await createLead(system.api, admin.access, FULL_BODY);
    const res = await system.api.put(`/api/leads/${lead.id}/`, { first_name: 'Grace', status: 'contacted' }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: 'Grace',
      last_name: null,
      email: null,
      phone: null,
      title: null,
      company_name: null,
      source: null,
      opportunity_amount: null,
      currency: 'USD',
      tags: [],
      status: 'contacted',
      board_position: lead.board_position,
      assigned_to: lead.assigned_to,
      custom_fields: {},
    });
  });

  it('when PATCH would leave no name, e-mail or company, then 400 and nothing changes', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Solo' });
    const res = await system.api.patch(`/api/leads/${lead.id}/`, { first_name: '' }, { token: admin.access });
    expect(res.status).toBe(400);
    expect((await system.api.get(`/api/leads/${lead.id}/`, { token: admin.access })).body.first_name).toBe('Solo');
  });

  it('when the status changes, then the lead moves to the end of the new column', async () => {
    const inColumn = await createLead(system.api, admin.access, { first_name: 'Q', status: 'qualified' });
    const lead = await createLead(system.api, admin.access, { first_name: 'Mover' });
    const res = await system.api.patch(`/api/leads/${lead.id}/`, { status: 'qualified' }, { token: admin.access });
    expect(res.body.board_position).toBeGreaterThan(inColumn.board_position);
  });

  it('when PATCH sets the status to converted, then 400: conversion is a PUT', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'X' });
    const res = await system.api.patch(`/api/leads/${lead.id}/`, { status: 'converted' }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ status: expect.any(String) });
  });
});


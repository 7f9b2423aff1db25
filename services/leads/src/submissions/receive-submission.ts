import { randomUUID } from 'node:crypto';
import { createEvent, enqueueEvent, type Caller } from '@crm/platform';
import { acceptedCustomFieldValues, customValue, loadDefinitions, QuotaExceededError, type CustomFieldRule } from '@crm/records';
import { WEB_FORM_SUBMISSION_RECEIVED, type WebFormSubmissionReceivedData } from '../integration-events/published-events';
import type { LeadsDeps } from '../leads-deps';
import { SERVICE_NAME } from '../leads/lead-kind';
import type { LeadInput } from '../leads/leads.schemas';
import { leadCreation } from '../leads/write-lead';
import type { WebFormRow } from '../web-forms/web-forms.repository';
import type { Submission } from './submission-fields';
import { insertSubmission, lockEmailOfTenant, lockOpenLeadWithEmail } from './submissions.repository';

/** A submission that would take the tenant past its quota of leads: 403 `quota_exceeded`, and nothing stored. */
const FORM_FULL = 'This form takes no more submissions for now (quota exceeded); nothing was stored.';

/** What the visitor is answered: nothing else about the tenant. */
export interface SubmissionReceipt {
  id: string;
  received_at: string;
}

/** A submission writes as the form's owner would, with an admin's right to name the owner; its events name no actor. */
const formCaller = (form: WebFormRow): Caller => ({
  userId: form.assigned_to,
  tenantId: form.tenant_id,
  profileId: form.assigned_to,
  role: 'admin',
  salesAccess: true,
  scopes: ['leads:write'],
  credential: { kind: 'web_form', id: form.id },
});

/** A form's text as the value each defined field's type takes ("42" for a number, "yes" for a checkbox). */
const typedCustomValues = (given: Submission['custom'], definitions: readonly CustomFieldRule[]): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(given).map(([key, value]) => {
      const rule = definitions.find((definition) => definition.key === key);
      return [key, rule && typeof value === 'string' ? customValue(rule, value) : value];
    }),
  );

/** The receipt a bot gets for a filled honeypot: the same as anyone's, and nothing stored. */
export const decoyReceipt = (now: Date): SubmissionReceipt => ({ id: randomUUID(), received_at: now.toISOString() });

/**
 * Stores a visitor's submission (api-contract §8), in one transaction: it joins the tenant's newest open
 * lead with its e-mail, or creates a lead (`source` website_form, the form's owner and tags) with the
 * lead fields it carries and the custom fields the tenant's definitions accept (the others stay only in
 * the submission's `data`); `web_form_submission.received` (and the new lead's `lead.created`).
 */
export async function receiveSubmission(deps: LeadsDeps, form: WebFormRow, submission: Submission): Promise<SubmissionReceipt> {
  const caller = formCaller(form);
  const importer = leadCreation(deps);
  const { message: _message, ...leadFields } = submission.fields;
  const input: LeadInput = { ...leadFields, source: 'website_form', tags: form.tags, assigned_to_id: form.assigned_to };
  await importer.ensureReferences(caller, [input]);
  const receivedAt = deps.clock();
  const id = randomUUID();
  await deps.dataSource.transaction(async (manager) => {
    const email = submission.fields.email ?? null;
    if (email !== null) await lockEmailOfTenant(manager, form.tenant_id, email);
    let leadId = email === null ? undefined : await lockOpenLeadWithEmail(manager, form.tenant_id, email);
    const leadCreated = leadId === undefined;
    if (leadId === undefined) {
      // A visitor is not held to the tenant's required fields: the lead is kept without them, for its owner to complete.
      const definitions = (await loadDefinitions(manager, form.tenant_id, 'lead', { lockAgainstDelete: true })).map((rule) => ({ ...rule, isRequired: false }));
      const custom_fields = acceptedCustomFieldValues(typedCustomValues(submission.custom, definitions), definitions);
      const [prepared] = await importer.prepare(manager, caller, [{ ...input, custom_fields }], definitions);
      if (!prepared!.ok) throw prepared!.error;
      const [lead] = await importer.create(manager, caller, [prepared!.values]).catch((error: unknown) => {
        // The visitor learns that the form is full, not what the tenant holds (docs/security.md §10.5).
        throw error instanceof QuotaExceededError ? new QuotaExceededError(FORM_FULL) : error;
      });
      leadId = lead!.id;
    }
    await insertSubmission(manager, { id, tenantId: form.tenant_id, formId: form.id, formName: form.name, leadId, data: submission.data, receivedAt });
    const data: WebFormSubmissionReceivedData = {
      id,
      form: { id: form.id, name: form.name },
      lead_id: leadId,
      lead_created: leadCreated,
      data: submission.data,
      received_at: receivedAt.toISOString(),
    };
    await enqueueEvent(manager, createEvent({ source: SERVICE_NAME, type: WEB_FORM_SUBMISSION_RECEIVED, subject: id, tenantId: form.tenant_id, actor: null, data, time: receivedAt }));
  });
  return { id, received_at: receivedAt.toISOString() };
}

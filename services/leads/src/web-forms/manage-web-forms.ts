import { randomBytes, randomUUID } from 'node:crypto';
import { ForbiddenError, isAdmin, NotFoundError, readListPage, requireCurrentVersion, ValidationError, withVersion, type Caller, type ListPage, type PageRequest } from '@crm/platform';
import type { QuotaCounter, RecordServiceDeps } from '@crm/records';
import { idSchema, profileRefs, profileRefSchema, requireOwnerInTenant, timestampSchema } from '@crm/records';
import { z } from 'zod';
import type { WebFormInput } from './web-forms.schemas';
import {
  countWebForms,
  deleteWebForm,
  findWebForm,
  insertWebForm,
  listWebForms,
  updateWebForm,
  type WebFormRow,
  type WebFormValues,
} from './web-forms.repository';

/** A web form as the API shows it (api-contract §8). */
export const webFormViewSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  public_key: z.string(),
  is_active: z.boolean(),
  allowed_origins: z.array(z.string()),
  assigned_to: profileRefSchema,
  tags: z.array(z.string()),
  redirect_url: z.string().nullable(),
  created_at: timestampSchema,
  submission_count: z.int().min(0),
});
export type WebFormView = z.infer<typeof webFormViewSchema>;

export const ADMINS_ONLY = 'Only an admin may manage web forms.';

type WebFormsDeps = Pick<RecordServiceDeps<unknown>, 'dataSource' | 'clock' | 'references' | 'quotas'>;

/** The tenant's web forms, against its `web_forms` quota. */
export const WEB_FORMS_QUOTA: QuotaCounter = { quota: 'web_forms', used: countWebForms };

/** Every route of `/api/web-forms/` is an admin's (members and API tokens without an admin's role: 403). */
export function requireFormAdmin(caller: Caller): Caller {
  if (!isAdmin(caller)) throw new ForbiddenError(ADMINS_ONLY);
  return caller;
}

async function viewsOf(db: WebFormsDeps['dataSource']['manager'], tenantId: string, rows: WebFormRow[]): Promise<WebFormView[]> {
  const owners = await profileRefs(db, tenantId, rows.map((row) => row.assigned_to));
  return rows.map((row) =>
    withVersion(
      {
        id: row.id,
        name: row.name,
        public_key: row.public_key,
        is_active: row.is_active,
        allowed_origins: row.allowed_origins,
        assigned_to: owners.get(row.assigned_to)!,
        tags: row.tags,
        redirect_url: row.redirect_url,
        created_at: row.created_at.toISOString(),
        submission_count: row.submission_count,
      },
      row.version,
    ),
  );
}

/** A page of the tenant's forms, newest first. */
export async function listForms(deps: WebFormsDeps, caller: Caller, page: PageRequest): Promise<ListPage<WebFormView>> {
  const list = await readListPage(
    deps.dataSource,
    page,
    { count: (db) => countWebForms(db, caller.tenantId), rows: (db, window) => listWebForms(db, caller.tenantId, window) },
    (row) => row,
  );
  return { ...list, results: await viewsOf(deps.dataSource.manager, caller.tenantId, list.results) };
}

export async function getForm(deps: WebFormsDeps, caller: Caller, id: string): Promise<WebFormView> {
  const row = await findWebForm(deps.dataSource.manager, caller.tenantId, id);
  if (!row) throw new NotFoundError();
  return (await viewsOf(deps.dataSource.manager, caller.tenantId, [row]))[0]!;
}

export const REDIRECT_OFF_ORIGINS = "Must be a page on one of the form's allowed_origins (a form without allowed_origins has no redirect).";

/**
 * Whether a form may send a visitor to `redirectUrl`: only to a page on one of its own allowed origins, so
 * our domain never redirects to any other site (an open redirect). A form open to any origin has none.
 */
export const redirectOnAllowedOrigin = (redirectUrl: string, allowedOrigins: string[]): boolean => allowedOrigins.includes(new URL(redirectUrl).origin);

/** 400 on `redirect_url` when the form's values would redirect off its allowed origins. */
function requireRedirectOnAllowedOrigin(values: WebFormValues): void {
  if (values.redirect_url !== null && !redirectOnAllowedOrigin(values.redirect_url, values.allowed_origins)) {
    throw ValidationError.field('redirect_url', REDIRECT_OFF_ORIGINS);
  }
}

/** A key a page can carry: 192 random bits, URL-safe. */
const newPublicKey = () => randomBytes(24).toString('base64url');

/** The owner a body names must be a member of the tenant (a member added a moment ago included). */
async function checkedOwner(deps: WebFormsDeps, caller: Caller, input: WebFormInput): Promise<void> {
  if (input.assigned_to_id === undefined) return;
  await deps.references.ensureNamedIn(caller, [input], { assigned_to_id: 'profile' });
  await requireOwnerInTenant(deps.dataSource.manager, caller.tenantId, input.assigned_to_id);
}

/** A new form, active unless said otherwise, owned by the admin unless it names a member. */
export async function createForm(deps: WebFormsDeps, caller: Caller, input: WebFormInput & { name: string }): Promise<WebFormView> {
  await checkedOwner(deps, caller, input);
  const values: WebFormValues = {
    name: input.name,
    is_active: input.is_active ?? true,
    allowed_origins: input.allowed_origins ?? [],
    assigned_to: input.assigned_to_id ?? caller.profileId,
    tags: input.tags ?? [],
    redirect_url: input.redirect_url ?? null,
  };
  requireRedirectOnAllowedOrigin(values);
  const row = await deps.dataSource.transaction(async (manager) => {
    await deps.quotas.requireRoom(manager, caller.tenantId, WEB_FORMS_QUOTA, 1);
    return insertWebForm(manager, { ...values, id: randomUUID(), tenantId: caller.tenantId, publicKey: newPublicKey(), createdBy: caller.profileId, now: deps.clock() });
  });
  return (await viewsOf(deps.dataSource.manager, caller.tenantId, [row]))[0]!;
}

/** PATCH: the fields present change (`If-Match` checked against the form's version). */
export async function changeForm(deps: WebFormsDeps, caller: Caller, id: string, input: WebFormInput): Promise<WebFormView> {
  await checkedOwner(deps, caller, input);
  const row = await deps.dataSource.transaction(async (manager) => {
    const existing = await findWebForm(manager, caller.tenantId, id, { forUpdate: true });
    if (!existing) throw new NotFoundError();
    requireCurrentVersion(id, existing.version);
    const values: WebFormValues = {
      name: input.name ?? existing.name,
      is_active: input.is_active ?? existing.is_active,
      allowed_origins: input.allowed_origins ?? existing.allowed_origins,
      assigned_to: input.assigned_to_id ?? existing.assigned_to,
      tags: input.tags ?? existing.tags,
      redirect_url: input.redirect_url === undefined ? existing.redirect_url : input.redirect_url,
    };
    requireRedirectOnAllowedOrigin(values);
    // A change that changes nothing is no change: same version, so nobody's If-Match goes stale.
    const unchanged = (Object.keys(values) as (keyof WebFormValues)[]).every((key) => JSON.stringify(values[key]) === JSON.stringify(existing[key]));
    return unchanged ? existing : updateWebForm(manager, caller.tenantId, id, values, deps.clock());
  });
  return (await viewsOf(deps.dataSource.manager, caller.tenantId, [row]))[0]!;
}

/** DELETE: the form goes (its key answers 404 from now on); what it received stays on the leads. */
export async function removeForm(deps: WebFormsDeps, caller: Caller, id: string): Promise<void> {
  await deps.dataSource.transaction(async (manager) => {
    const existing = await findWebForm(manager, caller.tenantId, id, { forUpdate: true });
    if (!existing) throw new NotFoundError();
    requireCurrentVersion(id, existing.version);
    await deleteWebForm(manager, caller.tenantId, id);
  });
}

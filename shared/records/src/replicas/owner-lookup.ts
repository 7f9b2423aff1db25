import { Router } from 'express';
import { z } from 'zod';
import { callerOf, type Caller, type InternalTokenSigner } from '@crm/platform';
import type { DataSource, Db } from '@crm/platform';
import { INTERNAL_PATH_PREFIX } from '@crm/platform';
import { parseBody } from '@crm/platform';
import type { Logger } from '@crm/platform';
import { recordEventData } from '../records/record-events';
import { callService, ServiceCallFailedError, serviceUrlSettingName } from '@crm/platform';
import type { Replica } from './replica';

/**
 * The owner's internal lookup (architecture §1): `POST /internal/lookup/<type>s/` `{ids}` → 200 `{records}`,
 * each record of the caller's tenant among `ids` as its latest `<type>.created|updated` event would
 * carry it (`data`: the record as the API shows it, plus `version`); an id the tenant does not have is
 * left out. Which of them the caller may name is the asking service's business (its replica holds the
 * whole tenant). Services call it with an internal token carrying the caller, as the gateway does.
 */
export const lookupPath = (type: string): string => `${INTERNAL_PATH_PREFIX}lookup/${type}s/`;

/**
 * The lookup of ids handed out ahead of their records, served by the service that hands them out at a path
 * of its choosing (`IdsHandedOutAhead.path`): `POST` `{ids}` → 200 `{ids}`, those among `ids` it handed out
 * in the caller's tenant whose records their owners have not made yet (api-contract §4: an answer that was
 * `pending`).
 */
const handedOutAnswer = z.object({ ids: z.array(z.uuid()) });

/** One import names at most this many ids of a type (its row limit); a longer list is asked in parts. */
export const MAX_LOOKUP_IDS = 5_000;

export const lookupRequest = z.strictObject({ ids: z.array(z.uuid()).min(1).max(MAX_LOOKUP_IDS) });
export const lookupAnswer = z.object({ records: z.array(z.record(z.string(), z.unknown())) });

/** The owner's side: its records of the caller's tenant among the ids, as their events describe them. */
export function lookupRoutes(options: {
  type: string;
  dataSource: DataSource;
  find: (db: Db, tenantId: string, ids: string[]) => Promise<object[]>;
}): Router {
  return Router().post(lookupPath(options.type), async (req, res) => {
    const caller = callerOf(req);
    const { ids } = parseBody(req, lookupRequest);
    res.json({ records: await options.find(options.dataSource.manager, caller.tenantId, [...new Set(ids)]) });
  });
}

/** That lookup's side in the service handing ids out ahead: `find` answers those among the ids asked whose records are still being made. */
export function handedOutLookupRoutes(options: { path: string; dataSource: DataSource; find: (db: Db, tenantId: string, ids: string[]) => Promise<string[]> }): Router {
  return Router().post(options.path, async (req, res) => {
    const caller = callerOf(req);
    const { ids } = parseBody(req, lookupRequest);
    res.json({ ids: await options.find(options.dataSource.manager, caller.tenantId, [...new Set(ids)]) });
  });
}

/**
 * A `find` for `lookupRoutes` from an entity's repository and views: each record as its events carry
 * it (`recordEventData`).
 */
export function asEventData<R extends { version: number }>(
  findRecords: (db: Db, tenantId: string, ids: readonly string[]) => Promise<R[]>,
  views: (db: Db, tenantId: string, records: R[]) => Promise<object[]>,
): (db: Db, tenantId: string, ids: string[]) => Promise<object[]> {
  return async (db, tenantId, ids) => {
    const records = await findRecords(db, tenantId, ids);
    const shown = await views(db, tenantId, records);
    return records.map((record, index) => recordEventData(shown[index]!, record.version));
  };
}

export interface OwnerLookupOptions {
  /** The asking service's own key, as itself. */
  signer: InternalTokenSigner;
  /** Where each service this one asks listens. */
  ownerUrls: Partial<Record<string, string>>;
  /** Longest wait for an owner's answer. */
  timeoutMs: number;
  /** How long a lookup nothing listened to is sent again (the owner restarting). */
  resendForMs: number;
  logger: Logger;
}

/**
 * The asking side: what the owner of a replica's records holds of `ids` in the caller's tenant. An owner
 * that does not answer (down, restarting past `resendForMs`, too slow) is a 503 with `Retry-After`: the
 * write waits for it and never answers 400 for a record that may exist.
 */
export class OwnerLookup {
  constructor(private readonly options: OwnerLookupOptions) {}

  async find(replica: Pick<Replica, 'type' | 'owner'>, caller: Caller, ids: readonly string[]): Promise<Record<string, unknown>[]> {
    const records: Record<string, unknown>[] = [];
    for (let start = 0; start < ids.length; start += MAX_LOOKUP_IDS) {
      const part = ids.slice(start, start + MAX_LOOKUP_IDS);
      records.push(...(await this.ask(replica.owner.name, caller, lookupPath(replica.type), part, lookupAnswer)).records);
    }
    return records;
  }

  /** The ids among `ids` that `service` handed out whose records are not made yet (its lookup at `path`). */
  async stillBeingMade(service: string, path: string, caller: Caller, ids: readonly string[]): Promise<string[]> {
    const beingMade: string[] = [];
    for (let start = 0; start < ids.length; start += MAX_LOOKUP_IDS) {
      const answer = await this.ask(service, caller, path, ids.slice(start, start + MAX_LOOKUP_IDS), handedOutAnswer);
      beingMade.push(...answer.ids);
    }
    return beingMade;
  }

  /** `POST path {ids}` to `service`, its answer as `answer` reads it; a 503 when it cannot be had. */
  private async ask<T>(service: string, caller: Caller, path: string, ids: readonly string[], answer: z.ZodType<T>): Promise<T> {
    const baseUrl = this.options.ownerUrls[service];
    if (baseUrl === undefined) throw new Error(`No address of ${service} was configured`);
    const { signer, timeoutMs, resendForMs } = this.options;
    const response = await callService({ service, baseUrl, signer }, caller, path, { method: 'POST', body: { ids }, changesNothing: true, timeoutMs, resendForMs });
    const read = response.ok ? answer.safeParse(await response.json().catch(() => undefined)) : undefined;
    if (!read?.success) {
      this.options.logger.warn({ service, path, status: response.status }, 'owner lookup failed');
      throw new ServiceCallFailedError(service);
    }
    return read.data;
  }
}

/** The setting naming where `service` listens. */
export const ownerUrlSetting = serviceUrlSettingName;

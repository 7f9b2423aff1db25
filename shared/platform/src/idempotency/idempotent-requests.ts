import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { DataSource, EntityManager } from '../database';
import { AppError, UnprocessableError, ValidationError } from '../errors';
import { pathSegments, spellsSegments, type RegisteredRoute } from '../http/canonical-paths';
import { receiptOf } from '../http/entity-tags';
import type { Logger } from '../logging/logger';
import { findKey, markCommitted, releaseKey, renewLease, storeAnswer, takeKey, takeOverKey, type KeyId, type StoredAnswer } from './idempotency-keys.repository';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const MAX_KEY_LENGTH = 255;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The answer's headers a repeat gets back with its status and body. */
const REPLAYED_HEADERS = ['content-type', 'location', 'etag', 'deprecation', 'link', 'cache-control', 'access-control-allow-origin', 'vary'];
/** A request is taken to be alive while it renews its lease; one whose process died lets go after this. */
const LEASE_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

/** The keyed request being served: what the write's transaction marks (`markKeyedWritesIn`). */
interface KeyedRequest {
  id: KeyId;
  /** Set once the key is taken (an upload takes it once its file is read). */
  taken: boolean;
  committed: boolean;
  /** The status the answer is set to so far: a create sets 201 before its write (`answerCreated`). */
  answerStatus: () => number;
  /** The answer is only a receipt of the write (`receiptsForWriters`): so is what its transaction's mark keeps. */
  receiptOnly?: boolean;
}

const keyedRequests = new AsyncLocalStorage<KeyedRequest>();

/** The Idempotency-Key of the request being served, once taken: a call it makes to another service carries it on. */
export function currentIdempotencyKey(): string | undefined {
  const request = keyedRequests.getStore();
  return request?.taken ? request.id.key : undefined;
}

/**
 * The keyed request being served answers only a receipt of its write (`receiptsForWriters`): the mark of its
 * transaction keeps no more, so a repeat after a crash, answered from that mark, shows no more either.
 */
export function keepOnlyReceipt(): void {
  const request = keyedRequests.getStore();
  if (request) request.receiptOnly = true;
}

/**
 * A transaction beside the request's write (a replica fill): it marks no key, and its commit does not
 * wait for the disk. Only for what is safe to lose in a crash: the write's own commit, later, flushes
 * it too (the log is written in order); without that commit there is nothing it would have been needed for.
 */
export function besideTheWrite<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return keyedRequests.exit(() =>
    dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL synchronous_commit = off');
      return work(manager);
    }),
  );
}

/**
 * Every transaction of `dataSource` that commits while a keyed request is served marks the key as
 * committed, in that same transaction, with what it returned: its effect and the mark commit together,
 * so a repeat after a crash never does the write twice (api-contract §6).
 */
export function markKeyedWritesIn(dataSource: DataSource): void {
  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = (async (...args: unknown[]) => {
    // (work) or (isolation level, work); DataSource.transaction passes (work, undefined) on.
    const isolation = args.find((arg) => typeof arg === 'string');
    const work = args.find((arg) => typeof arg === 'function') as (inner: EntityManager) => Promise<unknown>;
    const request = keyedRequests.getStore();
    const marking = request?.taken === true && !request.committed;
    const result = await transaction(...(isolation === undefined ? [] : [isolation]), async (inner: EntityManager) => {
      const result = await work(inner);
      if (marking) await markCommitted(inner, request.id, request.receiptOnly ? receiptOf(result) : result, request.answerStatus());
      return result;
    });
    // Only once it committed: a transaction that failed (and may run again) marked nothing.
    if (marking) request.committed = true;
    return result;
  }) as typeof manager.transaction;
}

/** 400 on the header: a key must have 1 to 255 characters. */
export class InvalidKeyError extends ValidationError {
  static readonly FIELD = 'Idempotency-Key';
  static readonly REASON = `A key of 1 to ${MAX_KEY_LENGTH} characters.`;
  constructor() {
    super({ [InvalidKeyError.FIELD]: InvalidKeyError.REASON });
  }
}

/** Thrown where a repeat was answered with its first answer: nothing more is to be done or sent. */
export class AnswerReplayed extends Error {}

export interface IdempotencyOptions {
  dataSource: DataSource;
  ttlMs: number;
  logger: Logger;
  /**
   * Routes (upper-case method, template) whose answers carry a secret: their key is ignored, so neither
   * the answer nor what the write's transaction returned is stored, and a repeat is served afresh.
   */
  secretAnswerRoutes?: readonly RegisteredRoute[];
}

/**
 * `Idempotency-Key` on every POST, PUT, PATCH and DELETE (api-contract §6, IETF draft): the key is the
 * caller's (tenant, profile, credential); its request is fingerprinted (method, path, body; an upload's
 * file bytes once read: `takeUploadKey`). A first request runs and its answer is stored; a repeat gets
 * that answer with `Idempotent-Replayed: true`; the same key with another request 422, while the first
 * still runs 409, over 255 characters 400. An answer the service failed with (5xx), or one asking to try
 * again later (`Retry-After`), before its write committed is not kept: the repeat runs afresh. On the
 * `secretAnswerRoutes` the key is ignored altogether: a stored secret would outlive its use (a refresh
 * token replayed after it was redeemed), so such a request runs as if it had no key.
 */
export function idempotentRequests(options: IdempotencyOptions): RequestHandler {
  const secretAnswers = (options.secretAnswerRoutes ?? []).map((route) => ({ method: route.method, segments: pathSegments(route.path) }));
  const answersWithSecret = (req: Request) => {
    const segments = pathSegments(req.path);
    return secretAnswers.some((route) => route.method === req.method && spellsSegments(route.segments, segments));
  };
  return (req, res, next) => {
    const key = req.header(IDEMPOTENCY_KEY_HEADER);
    if (!WRITE_METHODS.has(req.method) || key === undefined || answersWithSecret(req)) return next();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      // An upload hears of it with the refusals of its upload (an import commit's 400 carries `created: 0`).
      if (!req.is('multipart/form-data')) return next(new InvalidKeyError());
      res.locals.takeUploadKey = () => Promise.reject(new InvalidKeyError());
      return next();
    }
    const request: KeyedRequest = { id: { scope: scopeOf(req), key }, taken: false, committed: false, answerStatus: () => res.statusCode };
    keyedRequests.run(request, () => {
      if (req.is('multipart/form-data')) {
        // The fingerprint takes the file's bytes, not the multipart framing (a client's retry may pick
        // another boundary): the upload takes the key once it has read the file.
        res.locals.takeUploadKey = (parts: Buffer[]) => takeTheKey(options, req, res, request, parts);
        return next();
      }
      takeTheKey(options, req, res, request, [Buffer.from(JSON.stringify(req.body ?? null))]).then(
        () => next(),
        (error: unknown) => (error instanceof AnswerReplayed ? undefined : next(error)),
      );
    });
  };
}

/** For an upload route: takes the request's key with the upload's parts (throws `AnswerReplayed` for a repeat). */
export async function takeUploadKey(res: Response, parts: Buffer[]): Promise<void> {
  const take = res.locals.takeUploadKey as ((parts: Buffer[]) => Promise<void>) | undefined;
  await take?.(parts);
}

/** Who the key belongs to: the caller as the gateway vouched for it, or nobody (the unauthenticated routes). */
function scopeOf(req: Request): string {
  const caller = req.caller;
  return caller ? `${caller.tenantId}:${caller.profileId}:${caller.credential.kind}:${caller.credential.id}` : 'anonymous';
}

function fingerprintOf(req: Request, parts: Buffer[]): string {
  const hash = createHash('sha256').update(`${req.method} ${req.originalUrl}\n`);
  for (const part of parts) hash.update(String(part.length)).update(':').update(part);
  return hash.digest('hex');
}

async function takeTheKey(options: IdempotencyOptions, req: Request, res: Response, request: KeyedRequest, parts: Buffer[]): Promise<void> {
  const db = options.dataSource.manager;
  const fingerprint = fingerprintOf(req, parts);
  const holder = randomUUID();
  for (;;) {
    if (await takeKey(db, request.id, holder, fingerprint, LEASE_MS, options.ttlMs)) break;
    const stored = await findKey(db, request.id);
    if (!stored) continue; // let go of meanwhile: take it again
    if (stored.fingerprint !== fingerprint) throw new UnprocessableError('This Idempotency-Key was used for another request.');
    if (stored.answer) return replay(res, stored.answer);
    if (stored.result && stored.leaseOver) return replay(res, provisionalAnswer(req, stored.result));
    if (!stored.leaseOver) throw new StillRunningError();
    if (await takeOverKey(db, request.id, stored.holder, holder, LEASE_MS)) break;
  }
  request.taken = true;
  keepTheAnswer(options, res, request, holder);
}

/** 409 while the first request with the key runs; `Retry-After` says when to ask again. */
class StillRunningError extends AppError {
  constructor() {
    super(409, 'A request with this Idempotency-Key is still being processed; repeat it in a moment.', {}, { 'Retry-After': '1' });
  }
}

function replay(res: Response, answer: StoredAnswer): never {
  res.status(answer.status).set(answer.headers).set(REPLAYED_HEADER, 'true');
  res.end(answer.body ?? undefined);
  throw new AnswerReplayed();
}

/**
 * The answer of a request whose write committed but whose process died before it stored the answer:
 * what its transaction returned, with the status its route had set by then (a DELETE answers 204 and
 * sets it after the write; a key marked before statuses were kept: what a write of its method answers).
 */
function provisionalAnswer(req: Request, result: { status: number | null; body: unknown }): StoredAnswer {
  if (req.method === 'DELETE') return { status: 204, headers: {}, body: null };
  const status = result.status ?? (req.method === 'POST' ? 201 : 200);
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(result.body ?? null)) };
}

/** Renews the lease while the request runs; stores its answer before it is sent (or lets go of the key). */
function keepTheAnswer(options: IdempotencyOptions, res: Response, request: KeyedRequest, holder: string): void {
  const db = options.dataSource.manager;
  const renewal = setInterval(() => {
    renewLease(db, request.id, holder, LEASE_MS).catch((error: unknown) => options.logger.warn({ err: error }, 'could not renew an idempotency lease'));
  }, RENEW_EVERY_MS);
  renewal.unref();
  res.once('close', () => clearInterval(renewal));
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    clearInterval(renewal);
    const [chunk, encoding] = args;
    const body = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.isBuffer(chunk) ? chunk : null;
    if (triesAgainLater(res) && !request.committed) {
      releaseKey(db, request.id)
        .catch((error: unknown) => options.logger.warn({ err: error }, 'could not let go of an idempotency key'))
        .finally(() => end(...args));
      return res;
    }
    storeAnswer(db, request.id, { status: res.statusCode, headers: replayedHeadersOf(res), body }).then(
      () => end(...args),
      (error: unknown) => {
        options.logger.warn({ err: error }, 'could not store the answer of an idempotent request');
        // A committed write is answered: its transaction's mark gives a repeat what it returned. An answer that
        // changed nothing (a refusal) and is not kept must not look final, or a repeat would run afresh and be
        // answered anew, not replayed: the client is told to try again, and the key is let go.
        if (request.committed || res.headersSent) return end(...args);
        releaseKey(db, request.id).catch(() => undefined);
        end(...notKeptAnswer(res));
      },
    );
    return res;
  }) as Response['end'];
}

/** The answer in place of one that could not be kept: 503 `{detail}` with `Retry-After`, the arguments of `end`. */
function notKeptAnswer(res: Response): [Buffer] {
  const body = Buffer.from(JSON.stringify({ detail: 'The outcome of this request could not be recorded; repeat it with the same Idempotency-Key in a moment.' }));
  for (const name of ['etag', 'location', 'link']) res.removeHeader(name);
  res.statusCode = 503;
  res.setHeader('Retry-After', '1');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(body.length));
  return [body];
}

/**
 * An answer that tells the client to try again (a failure, or a "not yet" with `Retry-After`: a limit, or
 * another service's own key still running) is no answer to the request: a repeat runs it afresh.
 */
function triesAgainLater(res: Response): boolean {
  return res.statusCode >= 500 || res.getHeader('retry-after') !== undefined;
}

function replayedHeadersOf(res: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

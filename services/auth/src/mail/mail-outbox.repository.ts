import { randomUUID } from 'node:crypto';
import { queryOne, queryRows, type Db } from '@crm/platform';

/** What auth sends: each kind has its composer, which makes the message when it is sent. */
export type MailKind = 'password_reset' | 'email_verification';

/** A message to send, as the request wrote it: whom to, and about whom (no secret: the link is made at sending). */
export interface QueuedMail {
  id: string;
  kind: MailKind;
  recipient: string;
  userId: string | null;
  /** This attempt's number, from 1. */
  attempts: number;
}

/** Writes a message to send, in the caller's transaction (the worker delivers it once it commits). */
export async function enqueueMail(db: Db, mail: { kind: MailKind; recipient: string; userId?: string }, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO mail_outbox (id, kind, recipient, user_id, created_at, next_attempt_at) VALUES ($1, $2, $3, $4, $5, $5)`,
    [randomUUID(), mail.kind, mail.recipient, mail.userId ?? null, now],
  );
}

/**
 * Takes up to `limit` due messages for this worker: one statement, so replicas never take the same row
 * (SKIP LOCKED). Each is leased until `leaseUntil`: a worker that dies while sending leaves it to be taken
 * again then.
 */
export async function claimDueMail(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<QueuedMail[]> {
  const rows = await queryRows<{ id: string; kind: MailKind; recipient: string; user_id: string | null; attempts: number }>(
    db,
    `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = $2
      WHERE id IN (SELECT id FROM mail_outbox WHERE done_at IS NULL AND next_attempt_at <= $1
                    ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, recipient, user_id, attempts`,
    [now, leaseUntil, limit],
  );
  return rows.map((row) => ({ id: row.id, kind: row.kind, recipient: row.recipient, userId: row.user_id, attempts: row.attempts }));
}

/** Records a message as done: sent, or skipped (nothing to send). */
export async function markMailDone(db: Db, id: string, outcome: 'sent' | 'skipped', now: Date): Promise<void> {
  await db.query(`UPDATE mail_outbox SET done_at = $2, outcome = $3, last_error = NULL WHERE id = $1 AND done_at IS NULL`, [id, now, outcome]);
}

/** A failed attempt: tried again at `retryAt`. */
export async function postponeMail(db: Db, id: string, retryAt: Date, error: string): Promise<void> {
  await db.query(`UPDATE mail_outbox SET next_attempt_at = $2, last_error = $3 WHERE id = $1 AND done_at IS NULL`, [id, retryAt, error.slice(0, 1000)]);
}

/** Deletes the messages done before `before` (they hold addresses); answers how many went. */
export async function pruneDoneMail(db: Db, before: Date): Promise<number> {
  const row = await queryOne<{ deleted: number }>(
    db,
    `WITH pruned AS (DELETE FROM mail_outbox WHERE done_at < $1 RETURNING 1) SELECT count(*)::int AS deleted FROM pruned`,
    [before],
  );
  return row?.deleted ?? 0;
}

import { queryOne, type DataSource } from '@crm/platform';
import { pruneDoneMail } from './mail-outbox.repository';

/** How long a message stays recorded once done (for inspection: whether and when it went). */
const DONE_MAIL_RETENTION_MS = 7 * 24 * 3_600_000;
/** Reset and verification tokens go a day after their link stopped working. */
const LINK_TOKEN_RETENTION_MS = 24 * 3_600_000;

/** What auth's e-mail leaves behind, deleted with age: messages done, link tokens long expired. */
export function mailRetention(dataSource: DataSource): Array<{ name: string; prune: () => Promise<number> }> {
  const before = (ms: number) => new Date(Date.now() - ms);
  const pruneTokens = async (table: 'password_reset_tokens' | 'email_verification_tokens') => {
    const row = await queryOne<{ deleted: number }>(
      dataSource,
      `WITH pruned AS (DELETE FROM ${table} WHERE expires_at < $1 RETURNING 1) SELECT count(*)::int AS deleted FROM pruned`,
      [before(LINK_TOKEN_RETENTION_MS)],
    );
    return row?.deleted ?? 0;
  };
  return [
    { name: 'mail outbox', prune: () => pruneDoneMail(dataSource, before(DONE_MAIL_RETENTION_MS)) },
    { name: 'password reset tokens', prune: () => pruneTokens('password_reset_tokens') },
    { name: 'e-mail verification tokens', prune: () => pruneTokens('email_verification_tokens') },
  ];
}

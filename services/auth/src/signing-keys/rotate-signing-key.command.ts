import { commonConfig, ConfigError, createLogger, loadConfig, MIGRATION_CONNECTIONS, openServiceDatabase, type Logger } from '@crm/platform';
import { authService } from '../index';
import { rotateSigningKey, type SigningKeyRotation } from './rotate-signing-key';

/**
 * `node services/auth/dist/main.js rotate-signing-key`: makes the next signing key in the database the
 * service runs on (the same settings), logs it and exits; running replicas take it up by themselves.
 */
export function runSigningKeyRotation(env: Record<string, string | undefined> = process.env): void {
  const logger = createLogger(authService.name);
  rotate(env, logger).then(
    ({ kid, activatesAt, previousKeysRetireAt }) =>
      logger.info({ kid, activates_at: activatesAt, previous_keys_retire_at: previousKeysRetireAt }, 'signing key rotated'),
    (error: unknown) => {
      logger.fatal({ err: error }, 'signing key rotation failed');
      process.exitCode = 1;
    },
  );
}

async function rotate(env: Record<string, string | undefined>, logger: Logger): Promise<SigningKeyRotation> {
  const config = loadConfig({ ...commonConfig, ...authService.config }, env);
  if (config.DATABASE_URL === undefined) {
    // The embedded database belongs to the process running the service; a second one must not open it.
    throw new ConfigError(['DATABASE_URL: rotate-signing-key needs the database server the service uses']);
  }
  const dataSource = await openServiceDatabase({
    url: config.DATABASE_URL,
    schema: authService.schema,
    migrations: authService.migrations,
    poolSize: MIGRATION_CONNECTIONS,
    logger,
  });
  try {
    return await rotateSigningKey(dataSource, config, new Date());
  } finally {
    await dataSource.destroy();
  }
}

import { commonConfig, createLogger, loadConfig, openServiceDatabase, port, type AnyServiceDefinition, type CommonConfig, type DataSource } from '@crm/platform';
import type { Router } from 'express';

export interface OpenedService {
  dataSource: DataSource;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  deps: any;
  close(): Promise<void>;
}

/** A service's real dependencies (its migrated schema in the test database), as `startService` builds them, without HTTP or broker. */
export async function openService(definition: AnyServiceDefinition): Promise<OpenedService> {
  const config = loadConfig({ ...commonConfig, ...definition.config, PORT: port(definition.defaultPort) }, process.env) as CommonConfig;
  if (config.DATABASE_URL === undefined) throw new Error('The contract tests run against PostgreSQL: set DATABASE_URL');
  const dataSource = await openServiceDatabase({ url: config.DATABASE_URL, schema: definition.schema, migrations: definition.migrations, poolSize: 2 });
  const closers: Array<() => Promise<void>> = [];
  const deps = { config, dataSource, logger: createLogger(definition.name, 'silent'), clock: () => new Date(), onStop: (close: () => Promise<void>) => closers.push(close) };
  return {
    dataSource,
    deps,
    close: async () => {
      for (const close of closers) await close();
      await dataSource.destroy();
    },
  };
}

/** The router a service really serves, built from its definition with real dependencies. */
export async function routerOf(definition: AnyServiceDefinition): Promise<Router> {
  const service = await openService(definition);
  try {
    return await definition.routes(service.deps);
  } finally {
    await service.close();
  }
}

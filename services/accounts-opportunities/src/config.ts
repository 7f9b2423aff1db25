import { commonConfig, type ServiceDeps } from '@crm/shared';
import type { z } from 'zod';

export const accountsOpportunitiesConfig = { ...commonConfig };

export type AccountsOpportunitiesConfig = z.infer<z.ZodObject<typeof accountsOpportunitiesConfig>>;

/** What every part of the service is built from (config, data source, logger, clock). */
export type ServiceContext = ServiceDeps<AccountsOpportunitiesConfig>;

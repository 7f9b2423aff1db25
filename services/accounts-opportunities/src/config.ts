import { commonConfig } from '@crm/platform';
import type { RecordServiceDeps } from '@crm/records';
import type { z } from 'zod';

export const accountsOpportunitiesConfig = { ...commonConfig };

export type AccountsOpportunitiesConfig = z.infer<z.ZodObject<typeof accountsOpportunitiesConfig>>;

/** What every part of the service is built from (config, data source, logger, clock). */
export type ServiceContext = RecordServiceDeps<AccountsOpportunitiesConfig>;

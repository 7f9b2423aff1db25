import { commonConfig, defineService, messagingMigration } from '@crm/shared';
import { Router } from 'express';

/** Skeleton: the service's domain is being built (issue 4). */
export const accountsOpportunitiesService = defineService({
  name: 'accounts-opportunities',
  schema: 'accounts_opportunities',
  defaultPort: 8084,
  config: { ...commonConfig },
  migrations: [messagingMigration],
  publishesEvents: true,
  routes: () => Router(),
});

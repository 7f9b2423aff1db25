import { commonConfig, defineService, messagingMigration } from '@crm/shared';
import { Router } from 'express';

/** Skeleton: the service's domain is being built (issue 4). */
export const contactsService = defineService({
  name: 'contacts',
  schema: 'contacts',
  defaultPort: 8083,
  config: { ...commonConfig },
  migrations: [messagingMigration],
  publishesEvents: true,
  routes: () => Router(),
});

import { defineService } from '@crm/platform';
import { Router } from 'express';
import { importExportConfig } from './config';
import { exportOperations, exportRoutes } from './export/export.routes';
import { importOperationsOfEveryEntity, importRoutes } from './import/import.routes';
import { importExportMigrations } from './migrations';
import { OwningServices } from './owning/owning-services';

/**
 * CSV import (preview, commit, the deprecated upload) and export of leads and contacts (api-contract §5):
 * files are received, limited, decoded and parsed here; the owning services validate and create with
 * their own rules through their internal endpoints (`shared/records/src/import-export/import-contract.ts`).
 */
export const importExportService = defineService({
  name: 'import-export',
  // An import needs the entity's write scope, an export its read scope (architecture §2).
  scopes: { leads: 'leads', contacts: 'contacts' },
  schema: 'import_export',
  defaultPort: 8085,
  config: importExportConfig,
  migrations: importExportMigrations,
  routes: (deps) => {
    const owning = new OwningServices(deps.config);
    return Router().use(importRoutes(deps, owning)).use(exportRoutes(deps, owning));
  },
  api: [...importOperationsOfEveryEntity, ...exportOperations],
});

export { IMPORT_ENTITIES } from './owning/owning-services';

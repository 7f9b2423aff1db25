import { commonConfig, serviceUrlSetting, type ServiceDeps } from '@crm/shared';
import type { z } from 'zod';

export const importExportConfig = {
  ...commonConfig,
  LEADS_SERVICE_URL: serviceUrlSetting('leads', 'The leads service (its internal import and export endpoints).'),
  CONTACTS_SERVICE_URL: serviceUrlSetting('contacts', 'The contacts service (its internal import and export endpoints).'),
};

export type ImportExportConfig = z.infer<z.ZodObject<typeof importExportConfig>>;
export type ImportExportDeps = ServiceDeps<ImportExportConfig>;

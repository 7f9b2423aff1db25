import { commonConfig, url, type ServiceDeps } from '@crm/shared';
import type { z } from 'zod';

export const importExportConfig = {
  ...commonConfig,
  LEADS_SERVICE_URL: url('http://127.0.0.1:8082').describe('The leads service (its internal import and export endpoints).'),
  CONTACTS_SERVICE_URL: url('http://127.0.0.1:8083').describe('The contacts service (its internal import and export endpoints).'),
};

export type ImportExportConfig = z.infer<z.ZodObject<typeof importExportConfig>>;
export type ImportExportDeps = ServiceDeps<ImportExportConfig>;

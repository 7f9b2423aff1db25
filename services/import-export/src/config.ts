import { commonConfig, serviceUrlSetting, type ServiceDeps } from '@crm/platform';
import { z } from 'zod';

export const importExportConfig = {
  ...commonConfig,
  LEADS_SERVICE_URL: serviceUrlSetting({ name: 'leads', port: 8082 }, 'The leads service (its internal import and export endpoints).'),
  CONTACTS_SERVICE_URL: serviceUrlSetting({ name: 'contacts', port: 8083 }, 'The contacts service (its internal import and export endpoints).'),
  EXPORTS_PER_TENANT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(4)
    .describe('Exports one tenant may run at once in one import-export process; one more answers 429.'),
};

export type ImportExportConfig = z.infer<z.ZodObject<typeof importExportConfig>>;
export type ImportExportDeps = ServiceDeps<ImportExportConfig>;

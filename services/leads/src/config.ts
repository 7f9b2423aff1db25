import { commonConfig } from '@crm/platform';
import { z } from 'zod';

export const leadsConfig = {
  ...commonConfig,
  CONVERSION_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(5_000)
    .describe('How long a converting PUT waits for the created records before answering conversion_status "pending".'),
};

export type LeadsConfig = z.infer<z.ZodObject<typeof leadsConfig>>;

import { commonConfig } from '@crm/shared';
import type { z } from 'zod';

export const leadsConfig = { ...commonConfig };

export type LeadsConfig = z.infer<z.ZodObject<typeof leadsConfig>>;

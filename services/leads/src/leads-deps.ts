import type { ServiceDeps } from '@crm/shared';
import type { LeadsConfig } from './config';

export type LeadsDeps = ServiceDeps<LeadsConfig>;

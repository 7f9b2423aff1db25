import type { RecordServiceDeps } from '@crm/records';
import type { LeadsConfig } from './config';

export type LeadsDeps = RecordServiceDeps<LeadsConfig>;

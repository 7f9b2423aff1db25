import type { CommonConfig } from '@crm/platform';
import type { RecordServiceDeps } from '@crm/records';

export type ContactsDeps = RecordServiceDeps<CommonConfig>;

import type { CommonConfig, ServiceDeps } from '@crm/shared';

export type ContactsDeps = ServiceDeps<CommonConfig>;

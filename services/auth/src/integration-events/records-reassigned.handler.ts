import type { IntegrationEventHandler, PlatformDeps } from '@crm/platform';
import { recordsReassignedData } from '@crm/records';
import { recordReport } from '../reassignment/reassignment.process';

/**
 * `<service>.records_reassigned`: a service owning records moved every one a reassignment asked for; its
 * counts join the reassignment, and the last report completes it (`reassignment.process.ts`, step 3).
 */
export const onRecordsReassigned: IntegrationEventHandler<Pick<PlatformDeps<unknown>, 'clock'>> = (event, manager, { clock }) =>
  recordReport(manager, event.tenantid, recordsReassignedData.parse(event.data), clock());

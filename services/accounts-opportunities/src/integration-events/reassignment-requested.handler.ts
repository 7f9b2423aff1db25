import type { IntegrationEventHandler } from '@crm/platform';
import { acceptReassignment, reassignedCollection, runRecordReassignments } from '@crm/records';
import { accountKind } from '../accounts/accounts.domain';
import type { ServiceContext } from '../config';
import { opportunityKind } from '../opportunities/opportunities.domain';
import { SERVICE_NAME } from '../records/service-kind';
import { taskKind } from '../tasks/tasks.domain';

/**
 * `profile.reassignment_requested` (api-contract §10.2): the work is recorded with the inbox row; the
 * service's runner (`runAccountsOpportunitiesReassignments`) then gives every account, opportunity and
 * task assigned to `from` to `to`, batch after batch, each an `*.updated`, and reports
 * `accounts-opportunities.records_reassigned`.
 */
export const onReassignmentRequested: IntegrationEventHandler<unknown> = acceptReassignment;

/** What a reassignment moves here, in this order. */
const REASSIGNED = [reassignedCollection('accounts', accountKind), reassignedCollection('opportunities', opportunityKind), reassignedCollection('tasks', taskKind)];

/** Moves the accounts, opportunities and tasks of the reassignments accepted, from the service's start to its stop. */
export const runAccountsOpportunitiesReassignments = (deps: ServiceContext): void =>
  runRecordReassignments(deps, { service: SERVICE_NAME, collections: REASSIGNED });

import { accountsOpportunitiesService } from '@crm/accounts-opportunities';
import { auditService } from '@crm/audit';
import { authService } from '@crm/auth';
import { contactsService } from '@crm/contacts';
import { importExportService } from '@crm/import-export';
import { leadsService } from '@crm/leads';
import type { AnyServiceDefinition, PublishedEvent } from '@crm/platform';
import { eventCatalogue } from './event-catalogue';

/** Every service behind the gateway, whose routes, events and calls the contracts describe. */
export const SERVICE_DEFINITIONS: AnyServiceDefinition[] = [
  authService,
  leadsService,
  contactsService,
  accountsOpportunitiesService,
  importExportService,
  auditService,
];

/** Every event the services publish, as each producer declares it. */
export const EVENT_CATALOGUE: readonly PublishedEvent[] = eventCatalogue(SERVICE_DEFINITIONS);

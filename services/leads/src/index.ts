import { applyProfileEvent, defineService, PROFILE_EVENT_TYPES, type EventHandler } from '@crm/shared';
import { Router } from 'express';
import { leadsConfig } from './config';
import { leadCustomFieldRoutes } from './custom-fields/lead-custom-fields';
import { leadNotesRoutes } from './notes/lead-notes';
import { leadsRoutes } from './leads/leads.routes';
import { leadsMigrations } from './migrations';

/** What leads keeps of other contexts: the profiles replica (owners' e-mail addresses, tenant membership). */
const onEvent: EventHandler = async (event, manager) => {
  if (PROFILE_EVENT_TYPES.includes(event.type)) await applyProfileEvent(manager, event);
};

/** Leads, their tags, custom fields, notes and files (DESIGN §1, §5). */
export const leadsService = defineService({
  name: 'leads',
  schema: 'leads',
  defaultPort: 8082,
  config: leadsConfig,
  migrations: leadsMigrations,
  publishesEvents: true,
  consumes: { bindings: PROFILE_EVENT_TYPES, handler: () => onEvent },
  routes: (deps) =>
    Router()
      // Before `/api/leads/:id/`, so `custom-fields` is never read as a lead id.
      .use(leadCustomFieldRoutes(deps))
      .use(leadNotesRoutes(deps))
      .use(leadsRoutes(deps)),
});

/**
 * @crm/testing: component tests of one service at a time (docs/testing.md §3). Used by tests only:
 * nothing under any package's `src/` may import it.
 */
export { callerOf, type Member, newTenant, profileCreated, type ScopesFor, TestTenant } from './callers';
export { type CallOptions, type Response, type ServiceComponent, startComponent } from './component';
export { eventAbout, type EventInput } from './event-bus';
export { eventually } from './eventually';
export { MovableClock } from './movable-clock';
export { productionInternalKeys } from './internal-keys';

export { CrmClient, type CrmAnswer, type CrmClientOptions, type CrmNotModified, type ListItem, type ListPath } from './client';
export { CrmApiError, CrmPreconditionFailedError, type CrmErrorBody } from './errors';
export type { RetryPolicy, Tokens } from './transport';
export type { components, operations, paths } from './generated/openapi';

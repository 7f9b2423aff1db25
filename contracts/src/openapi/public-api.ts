import { matchRoute, ROUTE_TABLE } from '@crm/gateway';
import { SERVICE_DEFINITIONS } from '../services';
import { buildOpenApiDocument } from './openapi-document';

/** The version of the public API the document describes. */
export const API_VERSION = '1.13.0';

/** The OpenAPI document of the whole public API, as committed in `contracts/openapi.json`. */
export const publicApiDocument = () =>
  buildOpenApiDocument(SERVICE_DEFINITIONS, (method, path) => matchRoute(ROUTE_TABLE, method, path), API_VERSION);

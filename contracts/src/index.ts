export { CONTRACT_FILES, formatDocument } from './contract-files';
export { buildOpenApiDocument, jsonSchemaOf, type DocumentedService } from './openapi/openapi-document';
export { API_VERSION, publicApiDocument } from './openapi/public-api';
export { SERVICE_DEFINITIONS } from './services';
export { buildAsyncApiDocument } from './asyncapi/asyncapi-document';

import { writeFileSync } from 'node:fs';
import { buildAsyncApiDocument } from './asyncapi/asyncapi-document';
import { CONTRACT_FILES, formatDocument } from './contract-files';
import { API_VERSION, publicApiDocument } from './openapi/public-api';
import { SERVICE_DEFINITIONS } from './services';

/** `npm run contracts`: regenerates the committed documents from the code (the pacts are written by their consumer tests). */
writeFileSync(CONTRACT_FILES.openapi, formatDocument(publicApiDocument()));
writeFileSync(CONTRACT_FILES.asyncapi, formatDocument(buildAsyncApiDocument(SERVICE_DEFINITIONS, API_VERSION)));
console.log(`wrote ${CONTRACT_FILES.openapi} and ${CONTRACT_FILES.asyncapi}`);

import { writeFileSync } from 'node:fs';
import { CONTRACT_FILES, formatDocument } from './contract-files';
import { publicApiDocument } from './openapi/public-api';

/** `npm run contracts`: regenerates the committed documents from the code (the pacts are written by their consumer tests). */
writeFileSync(CONTRACT_FILES.openapi, formatDocument(publicApiDocument()));
console.log(`wrote ${CONTRACT_FILES.openapi}`);

import { runServiceMain } from '@crm/platform';
import { importExportService } from './index';

runServiceMain(importExportService);

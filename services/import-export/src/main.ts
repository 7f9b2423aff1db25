import { runServiceMain } from '@crm/shared';
import { importExportService } from './index';

runServiceMain(importExportService);

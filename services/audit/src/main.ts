import { runServiceMain } from '@crm/platform';
import { auditService } from './index';

runServiceMain(auditService);

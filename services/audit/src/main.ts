import { runServiceMain } from '@crm/shared';
import { auditService } from './index';

runServiceMain(auditService);

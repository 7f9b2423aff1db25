import { runServiceMain } from '@crm/shared';
import { leadsService } from './index';

runServiceMain(leadsService);

import { runServiceMain } from '@crm/platform';
import { leadsService } from './index';

runServiceMain(leadsService);

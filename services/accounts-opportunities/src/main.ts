import { runServiceMain } from '@crm/shared';
import { accountsOpportunitiesService } from './index';

runServiceMain(accountsOpportunitiesService);

import { runServiceMain } from '@crm/platform';
import { accountsOpportunitiesService } from './index';

runServiceMain(accountsOpportunitiesService);

import { runServiceMain } from '@crm/platform';
import { contactsService } from './index';

runServiceMain(contactsService);

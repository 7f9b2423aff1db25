import { runServiceMain } from '@crm/shared';
import { contactsService } from './index';

runServiceMain(contactsService);

import { runServiceMain } from '@crm/shared';
import { authService } from './index';

runServiceMain(authService);

import { runServiceMain } from '@crm/platform';
import { authService } from './index';
import { runSigningKeyRotation } from './signing-keys/rotate-signing-key.command';

// `main.js rotate-signing-key` makes the next signing key and exits; otherwise as every service (serve, or `migrate`).
if (process.argv[2] === 'rotate-signing-key') runSigningKeyRotation();
else runServiceMain(authService);

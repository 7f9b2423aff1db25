import { runInTurn } from '@crm/system';

/**
 * `npm run test:reliability [-- <script> ...]`: each reliability script in turn, in a process of its own
 * (they share the machine's cores and servers); exits non-zero when any did. docs/reliability.md.
 */
const RELIABILITY_SCRIPTS = ['bad-input', 'cross-tenant', 'security', 'dependency-outages', 'graceful-shutdown', 'chaos', 'upload-memory', 'web-form-spam', 'backup-drill', 'release-compatibility'];

process.exit(runInTurn('reliability', __dirname, RELIABILITY_SCRIPTS, process.argv.slice(2)));

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@crm/testing';
import { simpleParser, type AddressObject } from 'mailparser';
import { linkIn, RESET_MAIL, tokenIn, VERIFICATION_MAIL } from '../../../test/support/mailbox';
import { closeLapsedRegistrations } from '../src/users/lapsed-registrations';
import { runAuthMain } from './support/auth-main';
import { AuthTestService, PASSWORD, uniqueEmail } from './support/auth-service';
import { productionInternalKeys } from '@crm/testing';

/**
 * Auth's e-mail as a component (api-contract §10.3, §10.4): what the service does on its own clock (a
 * reset link's 30 minutes, a registration's 7 days), the file it writes without an SMTP server, two
 * replicas sharing one outbox, and what production refuses. The flows through the gateway are in
 * test/e2e/auth/member-passwords.test.ts.
 */
let auth: AuthTestService;
beforeAll(async () => (auth = await AuthTestService.start()));
afterAll(() => auth.stop());
afterEach(() => auth.clock.reset());

const login = (email: string, password = PASSWORD) => auth.anonymous('POST', '/api/auth/login/', { email, password });
const askReset = (email: string) => auth.anonymous('POST', '/api/auth/password/reset/', { email });
const confirmReset = (token: string, newPassword = 'a brand new passphrase') =>
  auth.anonymous('POST', '/api/auth/password/reset/confirm/', { token, new_password: newPassword });

describe('reset links on the service clock', () => {
  it('when 30 minutes have passed since the link was sent, then it is refused (400 on token) and the password stays', async () => {
    const admin = await auth.register();
    await askReset(admin.email);
    const token = tokenIn(await auth.mailbox.waitFor(admin.email, RESET_MAIL));
    auth.clock.advance(30 * 60 + 1);
    const late = await confirmReset(token);
    expect([late.status, late.body]).toEqual([400, { error: true, errors: { token: 'This link is unknown, used or expired: ask for a new one.' } }]);
    expect((await login(admin.email)).status).toBe(200);
  });

  it('when 29 minutes have passed, then the link still works, once', async () => {
    const admin = await auth.register();
    await askReset(admin.email);
    const token = tokenIn(await auth.mailbox.waitFor(admin.email, RESET_MAIL));
    auth.clock.advance(29 * 60);
    expect((await confirmReset(token)).status).toBe(204);
    expect((await confirmReset(token, 'yet another passphrase')).status).toBe(400);
    expect((await login(admin.email, 'a brand new passphrase')).status).toBe(200);
  });

  it('when a reset is asked for, then only the hash of the link’s token is stored, and the outbox row holds no secret', async () => {
    const admin = await auth.register();
    await askReset(admin.email);
    const mail = await auth.mailbox.waitFor(admin.email, RESET_MAIL);
    const token = tokenIn(mail);
    const outbox = await auth.sql(`SELECT * FROM mail_outbox WHERE recipient = $1 AND kind = 'password_reset'`, [admin.email]);
    expect(outbox).toHaveLength(1);
    expect(JSON.stringify(outbox)).not.toContain(token);
    expect(outbox[0]).toMatchObject({ outcome: 'sent', attempts: 1, done_at: expect.any(Date) });
    const stored = await auth.sql('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [admin.userId]);
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].token_hash).not.toContain(token);
    expect(linkIn(mail).toString()).toBe(`http://127.0.0.1:8080/reset-password?token=${token}`);
  });
});

describe('registrations left unverified', () => {
  it('when 7 days pass without verification, then the founder can no longer log in, and the address is free for another registration', async () => {
    const founder = await auth.register();
    const [deadline] = await auth.sql(`SELECT abs(extract(epoch FROM verify_by - created_at) - 7 * 86400) < 5 AS seven_days FROM users WHERE id = $1`, [founder.userId]);
    expect(deadline.seven_days).toBe(true);
    expect((await login(founder.email)).status).toBe(200);
    // Login reads the wall clock (it takes no service clock): the deadline is moved instead.
    await auth.sql(`UPDATE users SET verify_by = now() - interval '1 second' WHERE id = $1`, [founder.userId]);
    expect((await login(founder.email)).status).toBe(401);
    const again = await auth.anonymous('POST', '/api/auth/register/', { org_name: 'Second', email: founder.email, password: PASSWORD });
    expect(again.status).toBe(201);
    expect((await login(founder.email)).status).toBe(200);
  });

  it('when a lapsed registration is closed (the retention run), then its address is released and its session ends', async () => {
    const founder = await auth.register();
    auth.clock.advance(7 * 24 * 3600 + 1);
    expect(await closeLapsedRegistrations(auth.service.dataSource, auth.clock.now())).toBeGreaterThanOrEqual(1);
    const [user] = await auth.sql('SELECT released_at FROM users WHERE id = $1', [founder.userId]);
    expect(user.released_at).toEqual(expect.any(Date));
    expect((await auth.anonymous('POST', '/api/auth/refresh-token/', { refresh: founder.refresh })).status).toBe(401);
  });

  it('when the founder verified in time, then 7 days change nothing', async () => {
    const founder = await auth.register();
    await auth.verifyEmail(founder.email);
    auth.clock.advance(8 * 24 * 3600);
    await closeLapsedRegistrations(auth.service.dataSource, auth.clock.now());
    expect((await login(founder.email)).status).toBe(200);
    const again = await auth.anonymous('POST', '/api/auth/register/', { org_name: 'Squatter', email: founder.email, password: PASSWORD });
    expect(again.status).toBe(409);
  });

  it('when an added member never verifies, then they do not lapse: only registrations do', async () => {
    const founder = await auth.register();
    await auth.verifyEmail(founder.email);
    const member = await auth.addUser(founder.caller);
    auth.clock.advance(8 * 24 * 3600);
    await closeLapsedRegistrations(auth.service.dataSource, auth.clock.now());
    expect((await login(member.email)).status).toBe(200);
  });

  it('when a verification link is used after its 7 days, then 400 on token and the address stays unverified', async () => {
    const founder = await auth.register();
    const token = tokenIn(await auth.mailbox.waitFor(founder.email, VERIFICATION_MAIL));
    auth.clock.advance(7 * 24 * 3600 + 1);
    const res = await auth.anonymous('POST', '/api/auth/verify-email/', { token });
    expect([res.status, res.body]).toEqual([400, { error: true, errors: { token: 'This link is unknown, used or expired.' } }]);
    const [user] = await auth.sql('SELECT email_verified_at FROM users WHERE id = $1', [founder.userId]);
    expect(user.email_verified_at).toBeNull();
  });
});

describe('sending', () => {
  it('when two replicas share the outbox, then each message is sent once', async () => {
    const second = await AuthTestService.start({ SMTP_URL: auth.mailbox.url });
    try {
      const admins = await Promise.all(Array.from({ length: 8 }, () => auth.register('twice')));
      await Promise.all(admins.map((admin, i) => (i % 2 === 0 ? auth : second).anonymous('POST', '/api/auth/password/reset/', { email: admin.email })));
      for (const admin of admins) await auth.mailbox.waitFor(admin.email, RESET_MAIL);
      // Long enough for a duplicate to come in behind the first.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const admin of admins) {
        expect([admin.email, auth.mailbox.messagesTo(admin.email).map((mail) => mail.subject).sort()]).toEqual([
          admin.email,
          ['Choose a new password', 'Confirm your e-mail address'],
        ]);
      }
    } finally {
      await second.stop();
    }
  });

  it('when there is no SMTP_URL (the embedded default), then each message is written as an .eml file under EMBEDDED_DATA_DIR/mail', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crm-mail-files-'));
    const filed = await AuthTestService.start({ SMTP_URL: '', EMBEDDED_DATA_DIR: dataDir });
    try {
      const email = uniqueEmail('filed');
      const res = await filed.anonymous('POST', '/api/auth/register/', { org_name: 'Files', email, password: PASSWORD });
      expect(res.status).toBe(201);
      const folder = join(dataDir, 'mail');
      const [file] = await eventually(async () => {
        const files = (() => {
          try {
            return readdirSync(folder).filter((name) => name.endsWith('.eml'));
          } catch {
            return [];
          }
        })();
        return files.length > 0 ? files : undefined;
      }, 'an .eml file');
      // As a mail client opens it.
      const message = await simpleParser(readFileSync(join(folder, file!)));
      expect([message.subject, (message.to as AddressObject).text]).toEqual(['Confirm your e-mail address', email]);
      expect(message.text).toMatch(/^http:\/\/127\.0\.0\.1:8080\/verify-email\?token=[\w-]{43}$/m);
      expect(filed.mailbox.received).toEqual([]);
    } finally {
      await filed.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('e-mail settings in production', () => {
  it('when NODE_ENV is production without SMTP_URL, then the service stops, naming it', async () => {
    const run = await runAuthMain({
      NODE_ENV: 'production',
      ...productionInternalKeys(),
      SIGNING_KEY_SECRET: 'a-production-signing-key-secret-0123456789',
      // Its own broker user and public address, so SMTP_URL is what production refuses.
      AMQP_URL: 'amqp://crm-auth:Zq8vR3kTn5wYb2Lx7mPc4Hd9Jf6Gs1Ue@127.0.0.1:5672',
      PUBLIC_BASE_URL: 'https://crm.example.com',
      SMTP_URL: '',
    });
    expect([run.served, run.code]).toEqual([false, 1]);
    expect(JSON.stringify(run.lines)).toContain('SMTP_URL: must be set in production');
  });

  it('when SMTP_URL is not an smtp:// or smtps:// URL, then the service stops, naming it', async () => {
    const run = await runAuthMain({ SMTP_URL: 'http://mail.example.com' });
    expect([run.served, run.code]).toEqual([false, 1]);
    expect(JSON.stringify(run.lines)).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
  });
});

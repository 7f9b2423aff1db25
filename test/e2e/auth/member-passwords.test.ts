import { RESET_MAIL, tokenIn, VERIFICATION_MAIL } from '../../support/mailbox';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, apiTokenOf, PASSWORD, registerTenant, uniqueEmail, type TenantAdmin } from '../../support/tenants';

/**
 * Passwords and verified addresses through the gateway (api-contract §10.3, §10.4), with auth's e-mail
 * going to a real SMTP server in this process (test/support/mailbox.ts): changing a password, resetting
 * it with the link of an e-mail, verifying an address, an address taken only once verified, and mail
 * that fails being sent later. What auth decides is asserted here (refresh tokens, logins); the gateway's
 * refusal of older access tokens is the credential-changes suites'. The 30 minutes of a reset link and the
 * 7 days of a registration move the service's clock: services/auth/test/mail.test.ts.
 */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system.stop();
});

const NEW_PASSWORD = 'a brand new passphrase';

const api = () => system.api;
const login = (email: string, password: string) => api().post('/api/auth/login/', { email, password });
const refresh = (token: string) => api().post('/api/auth/refresh-token/', { refresh: token });
const changePassword = (access: string, body: unknown) => api().post('/api/auth/password/change/', body, { token: access });
const askReset = (email: string) => api().post('/api/auth/password/reset/', { email });
const confirmReset = (token: string, newPassword = NEW_PASSWORD) => api().post('/api/auth/password/reset/confirm/', { token, new_password: newPassword });
const verify = (token: string) => api().post('/api/auth/verify-email/', { token });
const register = (email: string, password = PASSWORD) => api().post('/api/auth/register/', { org_name: 'Squat', email, password });

/** A second session of the admin (another login, another device). */
async function secondSession(admin: TenantAdmin): Promise<{ access: string; refresh: string }> {
  const res = await login(admin.email, PASSWORD);
  expect(res.status).toBe(200);
  return res.body;
}

/** Confirms an address with the link of its verification e-mail, as its owner would. */
async function verifyAddress(email: string): Promise<void> {
  const mail = await system.mailbox.waitFor(email, VERIFICATION_MAIL);
  expect((await verify(tokenIn(mail))).status).toBe(204);
}

const fieldError = (field: string, message: unknown) => ({ error: true, errors: { [field]: message } });

describe('changing a password', () => {
  it('when the current password is wrong, then 400 naming current_password, and nothing changes', async () => {
    const admin = await registerTenant(api());
    const res = await changePassword(admin.access, { current_password: 'not my password', new_password: NEW_PASSWORD });
    expect([res.status, res.body]).toEqual([400, fieldError('current_password', 'Your current password is not correct.')]);
    expect((await login(admin.email, PASSWORD)).status).toBe(200);
    expect((await refresh(admin.refresh)).status).toBe(200);
  });

  it.each([
    ['too short', 'short one', 'Use at least 10 characters.'],
    ['too common', 'qwertyuiop', 'This password is too common: choose another.'],
  ])('when the new password is %s, then 400 naming new_password in plain words', async (_fault, newPassword, message) => {
    const admin = await registerTenant(api());
    const res = await changePassword(admin.access, { current_password: PASSWORD, new_password: newPassword });
    expect([res.status, res.body]).toEqual([400, fieldError('new_password', message)]);
  });

  it('when the new password is the e-mail address, or its part before the @, then 400 naming new_password', async () => {
    const admin = await registerTenant(api());
    for (const newPassword of [admin.email.toUpperCase(), admin.email.slice(0, admin.email.indexOf('@'))]) {
      const res = await changePassword(admin.access, { current_password: PASSWORD, new_password: newPassword });
      expect([res.status, res.body]).toEqual([400, fieldError('new_password', 'Your password must not be your e-mail address.')]);
    }
  });

  it('when an API token asks, then 403: a password is changed by its user only', async () => {
    const admin = await registerTenant(api());
    const token = await apiTokenOf(api(), admin, ['leads:read']);
    const res = await changePassword(token, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(res.status).toBe(403);
    expect((await login(admin.email, PASSWORD)).status).toBe(200);
  });

  it('when it succeeds (204), then every other session ends, the current one goes on, the old password no longer logs in and the new one does; API tokens stay', async () => {
    const admin = await registerTenant(api());
    const other = await secondSession(admin);
    const token = await apiTokenOf(api(), admin, ['leads:read']);

    const res = await changePassword(admin.access, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect([res.status, res.text]).toEqual([204, '']);

    // Every access token issued before the change ends from the next request, the caller's own too.
    expect((await api().get('/api/auth/me/', { token: admin.access })).status).toBe(401);
    expect((await api().get('/api/auth/me/', { token: other.access })).status).toBe(401);
    expect((await refresh(other.refresh)).status).toBe(401);
    const current = await refresh(admin.refresh);
    expect(current.status).toBe(200);
    expect((await api().get('/api/auth/me/', { token: current.body.access })).status).toBe(200);
    expect((await login(admin.email, PASSWORD)).status).toBe(401);
    expect((await login(admin.email, NEW_PASSWORD)).status).toBe(200);
    expect((await api().get('/api/auth/me/', { token })).status).toBe(200);
  });
});

describe('resetting a password by e-mail', () => {
  it('when a reset is asked for a known and an unknown address, then both get the same 202, and only the known one an e-mail', async () => {
    const admin = await registerTenant(api());
    const nobody = uniqueEmail('nobody');
    const known = await askReset(admin.email);
    const unknown = await askReset(nobody);
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(unknown.text).toBe(known.text);
    const mail = await system.mailbox.waitFor(admin.email, RESET_MAIL);
    expect(mail.text).toContain('within 30 minutes');
    expect(tokenIn(mail)).toMatch(/^[\w-]{43}$/);
    expect(await system.mailbox.staysEmpty(nobody, /./)).toBe(true);
  });

  it('when the link is used, then the new password works, the old one and every session end, the address counts as verified, and the link works only once', async () => {
    const admin = await registerTenant(api());
    const other = await secondSession(admin);
    await askReset(admin.email);
    const token = tokenIn(await system.mailbox.waitFor(admin.email, RESET_MAIL));

    const res = await confirmReset(token);
    expect([res.status, res.text]).toEqual([204, '']);
    expect((await api().get('/api/auth/me/', { token: admin.access })).status).toBe(401);
    expect((await api().get('/api/auth/me/', { token: other.access })).status).toBe(401);

    expect((await refresh(admin.refresh)).status).toBe(401);
    expect((await refresh(other.refresh)).status).toBe(401);
    expect((await login(admin.email, PASSWORD)).status).toBe(401);
    const fresh = await login(admin.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    const me = await api().get('/api/auth/me/', { token: fresh.body.access });
    expect(me.body.user).toEqual({ id: admin.userId, email: admin.email, email_verified: true });

    const again = await confirmReset(token, 'yet another passphrase');
    expect([again.status, again.body]).toEqual([400, fieldError('token', 'This link is unknown, used or expired: ask for a new one.')]);
    expect((await login(admin.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('when the token is unknown, then 400 naming token', async () => {
    const res = await confirmReset('not-a-token-anyone-was-sent');
    expect([res.status, res.body]).toEqual([400, fieldError('token', 'This link is unknown, used or expired: ask for a new one.')]);
  });

  it('when the new password breaks a rule, then 400 naming new_password, and the link still works', async () => {
    const admin = await registerTenant(api());
    await askReset(admin.email);
    const token = tokenIn(await system.mailbox.waitFor(admin.email, RESET_MAIL));
    const own = await confirmReset(token, admin.email);
    expect([own.status, own.body]).toEqual([400, fieldError('new_password', 'Your password must not be your e-mail address.')]);
    expect((await confirmReset(token)).status).toBe(204);
  });

  it('when two links were sent, then using one ends the other', async () => {
    const admin = await registerTenant(api());
    await askReset(admin.email);
    await askReset(admin.email);
    const first = tokenIn(await system.mailbox.waitFor(admin.email, RESET_MAIL));
    const second = tokenIn(await system.mailbox.waitFor(admin.email, RESET_MAIL, { nth: 2 }));
    expect(second).not.toBe(first);
    expect((await confirmReset(second)).status).toBe(204);
    expect((await confirmReset(first, 'yet another passphrase')).status).toBe(400);
  });
});

describe('verified addresses', () => {
  it('when a tenant registers, then a verification e-mail comes, its link verifies the address once, and email_verified shows it in me', async () => {
    const admin = await registerTenant(api());
    const mail = await system.mailbox.waitFor(admin.email, VERIFICATION_MAIL);
    const me = async () => (await api().get('/api/auth/me/', { token: admin.access })).body.user;
    expect(await me()).toEqual({ id: admin.userId, email: admin.email, email_verified: false });

    expect((await verify(tokenIn(mail))).status).toBe(204);

    expect(await me()).toEqual({ id: admin.userId, email: admin.email, email_verified: true });
    const again = await verify(tokenIn(mail));
    expect([again.status, again.body]).toEqual([400, fieldError('token', 'This link is unknown, used or expired.')]);
  });

  it('when a member is added, then they get a verification e-mail too, and the users list shows each address verified or not', async () => {
    const admin = await registerTenant(api());
    await verifyAddress(admin.email);
    const member = await addMember(api(), admin, true);
    const verifiedOf = async () =>
      Object.fromEntries(((await api().get('/api/auth/users/', { token: admin.access })).body.results as Array<{ email: string; email_verified: boolean }>).map((user) => [user.email, user.email_verified]));
    expect(await verifiedOf()).toEqual({ [admin.email]: true, [member.email]: false });
    await verifyAddress(member.email);
    expect(await verifiedOf()).toEqual({ [admin.email]: true, [member.email]: true });
  });

  it('when the token is unknown, then 400 naming token', async () => {
    const res = await verify('no-such-verification-token');
    expect([res.status, res.body]).toEqual([400, fieldError('token', 'This link is unknown, used or expired.')]);
  });
});

describe('an address is taken only once verified (squatting)', () => {
  it('when a stranger registered a colleague’s address without verifying it, then the colleague registers it (201) and the stranger can no longer log in or refresh', async () => {
    const address = uniqueEmail('colleague');
    const squat = await register(address, 'the squatter’s password');
    expect(squat.status).toBe(201);
    expect((await api().get('/api/auth/me/', { token: squat.body.access })).status).toBe(200);

    const own = await register(address, PASSWORD);
    expect(own.status).toBe(201);
    expect((await api().get('/api/auth/me/', { token: squat.body.access })).status).toBe(401);
    expect(own.body.user.id).not.toBe(squat.body.user.id);

    expect((await login(address, 'the squatter’s password')).status).toBe(401);
    expect((await refresh(squat.body.refresh)).status).toBe(401);
    expect((await login(address, PASSWORD)).status).toBe(200);
  });

  it('when an admin adds as a member an address a stranger holds unverified, then the member is added (201) and the stranger is out', async () => {
    const address = uniqueEmail('member');
    const squat = await register(address, 'the squatter’s password');
    expect((await api().get('/api/auth/me/', { token: squat.body.access })).status).toBe(200);
    const admin = await registerTenant(api());
    const added = await api().post('/api/auth/users/', { email: address, password: PASSWORD, role: 'member', sales_access: true }, { token: admin.access });
    expect(added.status).toBe(201);
    expect((await api().get('/api/auth/me/', { token: squat.body.access })).status).toBe(401);
    expect((await login(address, 'the squatter’s password')).status).toBe(401);
    expect((await refresh(squat.body.refresh)).status).toBe(401);
    expect((await login(address, PASSWORD)).status).toBe(200);
  });

  it('when the holder verified the address, then registering it or adding it as a member is 409, and the holder keeps it', async () => {
    const holder = await registerTenant(api());
    await verifyAddress(holder.email);
    const again = await register(holder.email, 'the squatter’s password');
    expect([again.status, again.body.errors]).toEqual([409, { email: expect.any(String) }]);
    const admin = await registerTenant(api());
    const added = await api().post('/api/auth/users/', { email: holder.email, password: PASSWORD, role: 'member', sales_access: true }, { token: admin.access });
    expect(added.status).toBe(409);
    expect((await login(holder.email, PASSWORD)).status).toBe(200);
    expect((await refresh(holder.refresh)).status).toBe(200);
  });
});

describe('e-mail delivery', () => {
  it('when the mail server refuses a message (twice), then it is sent again later and arrives, and its link works', async () => {
    const address = uniqueEmail('retried');
    system.mailbox.refuse(address, 2);
    expect((await register(address)).status).toBe(201);
    const mail = await system.mailbox.waitFor(address, VERIFICATION_MAIL);
    expect(system.mailbox.refused.filter((to) => to === address)).toHaveLength(2);
    expect(system.mailbox.messagesTo(address)).toHaveLength(1);
    expect((await verify(tokenIn(mail))).status).toBe(204);
  });
});

import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { type Caller, type RunningService } from '@crm/platform';
import { authService } from '@crm/auth';
import { startComponent, type CallOptions, type MovableClock, type Response, type ServiceComponent } from '@crm/testing';
import { Mailbox, tokenIn, VERIFICATION_MAIL } from '../../../../test/support/mailbox';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/** The auth service started for real (database, broker, relay) as a component (`@crm/testing`), called like the gateway. */
export class AuthTestService {
  private constructor(
    private readonly component: ServiceComponent,
    /** The SMTP server the service sends its e-mail to, unless `settings` named their own SMTP_URL. */
    readonly mailbox: Mailbox,
  ) {}

  static async start(settings: Record<string, string> = {}): Promise<AuthTestService> {
    const mailbox = await Mailbox.start();
    try {
      return new AuthTestService(await startComponent(authService, { SMTP_URL: mailbox.url, ...settings }), mailbox);
    } catch (error) {
      await mailbox.stop();
      throw error;
    }
  }

  async stop(): Promise<void> {
    await this.component.stop();
    await this.mailbox.stop();
  }

  get service(): RunningService {
    return this.component.service;
  }

  /** Refresh-token expiry, failed-login windows: the tests move it forward. */
  get clock(): MovableClock {
    return this.component.clock;
  }

  /** Runs SQL against the service's own schema. */
  sql<Row = any>(query: string, parameters: unknown[] = []): Promise<Row[]> {
    return this.component.sql<Row>(query, parameters);
  }

  call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Response<T>> {
    return this.component.call<T>(method, path, options);
  }

  /** An anonymous request through the gateway (register, login, refresh, JWKS). */
  anonymous<T = any>(method: string, path: string, body?: unknown): Promise<Response<T>> {
    return this.call<T>(method, path, { as: null, body });
  }

  async register(label = 'admin', orgName = 'Acme'): Promise<Registered> {
    const email = uniqueEmail(label);
    const res = await this.anonymous('POST', '/api/auth/register/', { org_name: orgName, email, password: PASSWORD });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    return {
      email,
      orgId: res.body.org.id,
      userId: res.body.user.id,
      profileId: res.body.profile.id,
      access: res.body.access,
      refresh: res.body.refresh,
      caller: callerFromAccessToken(res.body.access),
    };
  }

  /** Confirms `email` as its owner would: with the link of the verification e-mail sent to it. */
  async verifyEmail(email: string): Promise<void> {
    const mail = await this.mailbox.waitFor(email, VERIFICATION_MAIL);
    const res = await this.anonymous('POST', '/api/auth/verify-email/', { token: tokenIn(mail) });
    if (res.status !== 204) throw new Error(`verify-email failed: ${res.status} ${JSON.stringify(res.body)}`);
  }

  /** An admin adds a user; the new user then logs in. */
  async addUser(admin: Caller, options: { role?: 'admin' | 'member'; salesAccess?: boolean } = {}): Promise<Registered> {
    const email = uniqueEmail(options.role ?? 'member');
    const created = await this.call('POST', '/api/auth/users/', {
      as: admin,
      body: { email, password: PASSWORD, role: options.role ?? 'member', sales_access: options.salesAccess ?? true },
    });
    if (created.status !== 201) throw new Error(`add user failed: ${created.status} ${JSON.stringify(created.body)}`);
    const login = await this.anonymous('POST', '/api/auth/login/', { email, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    const caller = callerFromAccessToken(login.body.access);
    return {
      email,
      orgId: caller.tenantId,
      userId: caller.userId,
      profileId: created.body.id,
      access: login.body.access,
      refresh: login.body.refresh,
      caller,
    };
  }
}

export interface Registered {
  email: string;
  orgId: string;
  userId: string;
  profileId: string;
  access: string;
  refresh: string;
  /** The caller the gateway would forward for this user's access token. */
  caller: Caller;
}

/** What the gateway makes of a verified access token (the tests trust it; the signing-keys suite verifies). */
export function callerFromAccessToken(access: string): Caller {
  const claims = decodeJwt(access) as Record<string, unknown>;
  return {
    userId: claims.sub as string,
    tenantId: claims.tid as string,
    profileId: claims.pid as string,
    role: claims.role as Caller['role'],
    salesAccess: claims.sales as boolean,
    scopes: String(claims.scope ?? '').split(' ').filter(Boolean),
    credential: { kind: 'user', id: claims.sub as string },
    ...(typeof claims.sid === 'string' ? { sessionId: claims.sid } : {}),
  };
}

/** A random, well-formed id that exists nowhere. */
export const unknownId = (): string => randomUUID();

/** A list's whole answer when it fits one page: the envelope around `results`. */
export const onePage = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

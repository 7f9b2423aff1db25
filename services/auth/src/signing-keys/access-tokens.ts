import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { type Role } from '@crm/platform';
import { scopesForRole } from '../common/scopes';
import { SIGNING_ALGORITHM, type SigningKeyRing } from './signing-keys';

/** Whom an access token speaks for: a user acting in one tenant through one profile. */
export interface TokenSubject {
  userId: string;
  tenantId: string;
  profileId: string;
  role: Role;
  salesAccess: boolean;
  /** The session (refresh-token family) the token belongs to: logging it out ends the token too. */
  sessionId: string;
}

export interface AccessTokenSettings {
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export type AccessTokenIssuer = (subject: TokenSubject, now: Date) => Promise<string>;

/**
 * Signs user access tokens: EdDSA with the ring's signing key at the time of issue (`kid` in the header);
 * claims `sub`, `tid`, `pid`, `role`, `sales`, `scope` (every scope the role allows, space-separated),
 * `sid` (the session), `iat_ms` (the issue in milliseconds: a password changed within the same second as
 * a token was issued still tells the two apart), `jti`, `iat`, `exp`, `iss`, `aud`.
 */
export function accessTokenIssuer(ring: SigningKeyRing, settings: AccessTokenSettings): AccessTokenIssuer {
  return async (subject, now) => {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const { kid, key } = await ring.signingKey(now);
    return new SignJWT({
      tid: subject.tenantId,
      pid: subject.profileId,
      role: subject.role,
      sales: subject.salesAccess,
      scope: scopesForRole(subject.role, subject.salesAccess).join(' '),
      sid: subject.sessionId,
      iat_ms: now.getTime(),
    })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
      .setSubject(subject.userId)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + settings.ttlSeconds)
      .setIssuer(settings.issuer)
      .setAudience(settings.audience)
      .sign(key);
  };
}

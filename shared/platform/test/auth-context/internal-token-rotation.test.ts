import { mintInternalToken, verifyInternalToken } from '../../src/auth-context';

const OLD = 'o'.repeat(40);
const NEW = 'n'.repeat(40);
const caller = { userId: 'u1', organizationId: 'o1', role: 'admin', scopes: ['leads:read'] } as never;

describe('rotating INTERNAL_TOKEN_SECRET', () => {
  it('when the services accept the new secret second, then tokens the gateway still signs with the old one pass', async () => {
    const token = await mintInternalToken(OLD, 'leads', caller);
    await expect(verifyInternalToken(`${OLD},${NEW}`, 'leads', token)).resolves.toEqual(caller);
  });

  it('when the gateway signs with the new secret first, then services listing both accept it and services with only the old refuse it', async () => {
    const token = await mintInternalToken(`${NEW},${OLD}`, 'leads', caller);
    await expect(verifyInternalToken(`${OLD},${NEW}`, 'leads', token)).resolves.toEqual(caller);
    await expect(verifyInternalToken(NEW, 'leads', token)).resolves.toEqual(caller);
    await expect(verifyInternalToken(OLD, 'leads', token)).rejects.toThrow();
  });

  it('when a token is for another service, then no secret of the list accepts it', async () => {
    const token = await mintInternalToken(NEW, 'contacts', caller);
    await expect(verifyInternalToken(`${OLD},${NEW}`, 'leads', token)).rejects.toThrow(/aud/);
  });
});

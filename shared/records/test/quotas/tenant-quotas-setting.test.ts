import { DEFAULT_TENANT_QUOTAS, parseTenantQuotas, tenantQuotasSetting } from '../../src/quotas/tenant-quotas';

/** TENANT_QUOTAS (docs/configuration.md §2): amounts with byte units over the defaults; a bad entry stops the process, named. */
describe('TENANT_QUOTAS', () => {
  it('when empty, then every quota has its default', () => {
    expect(parseTenantQuotas('')).toEqual(DEFAULT_TENANT_QUOTAS);
  });

  it('when it sets some quotas, with units and spaces, then those change and a collection may have its own', () => {
    expect(parseTenantQuotas(' records=1000 , file_bytes=2GiB,web_forms=5, things=7,custom_fields=10KiB')).toEqual({
      ...DEFAULT_TENANT_QUOTAS,
      records: 1000,
      file_bytes: 2 * 1024 ** 3,
      web_forms: 5,
      things: 7,
      custom_fields: 10 * 1024,
    });
  });

  it.each(['records', 'records=', 'records=-1', 'records=1.5', 'records=10GB', 'Records=1', 'records=1=2', 'file_bytes=99999999999TiB'])(
    'when an entry is %p, then the setting is refused naming it',
    (entry) => {
      const parsed = tenantQuotasSetting.safeParse(`web_forms=1,${entry}`);
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.message).toContain(`"${entry}"`);
    },
  );
});

import { serviceUrlSetting, serviceUrlSettingName, type InternalTokenSigner, type ServiceExtension } from '@crm/platform';

/** The services auth asks what a tenant holds there (architecture §1), and the ports `npm start` gives them. */
const USAGE_OWNERS = [
  { name: 'leads', port: 8082 },
  { name: 'contacts', port: 8083 },
  { name: 'accounts-opportunities', port: 8084 },
];

/** What auth needs to ask them: where each listens, and its own signer (its calls go as auth). */
export interface UsageOwners {
  usageOwners: { service: string; baseUrl: string }[];
  signer: InternalTokenSigner;
}

/** Auth's extension: the services it calls for `GET /api/auth/tenant/usage/`, their addresses as settings. */
export const usageOwners: ServiceExtension<UsageOwners> = {
  settings: Object.fromEntries(
    USAGE_OWNERS.map((owner) => [serviceUrlSettingName(owner.name), serviceUrlSetting(owner, `The ${owner.name} service (what a tenant holds there, for its usage).`)]),
  ),
  calls: USAGE_OWNERS.map(({ name }) => name),
  build: ({ config, signer }) => ({
    usageOwners: USAGE_OWNERS.map(({ name }) => ({ service: name, baseUrl: config[serviceUrlSettingName(name)] as string })),
    signer,
  }),
};

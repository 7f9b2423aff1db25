import { ConfigError, assertProductionSafe, commonConfig, jwtConfig, loadConfig, optionalUrl, port, redisTlsConfig, redisTlsOptions, serviceUrlSetting, tracingConfig } from '@crm/platform';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { parseCorsOrigins } from './cors/cors-origins';
import { DEFAULT_FORM_RATE, DEFAULT_THROTTLE_RATES, parseRate, parseThrottleRates } from './rate-limit/throttle-rates';

/** A setting parsed by `parse`, whose Error says what is wrong. */
const parsedSetting = <T>(fallback: string, parse: (value: string) => T) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      try {
        return parse(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    });

/**
 * Whose X-Forwarded-For the gateway believes, in a form express's `trust proxy` takes: `false` (nobody's:
 * the client is the peer of the connection), the number of proxies in front (the client is the entry that
 * many places from the right of X-Forwarded-For), or the addresses and networks of those proxies.
 */
export type TrustedProxies = false | number | string[];

const trustedProxies = z
  .string()
  .default('false')
  .transform((value, ctx): TrustedProxies => {
    const setting = value.trim();
    if (setting === 'false') return false;
    if (/^\d+$/.test(setting)) return Number(setting) || false;
    if (setting === 'true') {
      // express would take the left-most entry, which the client writes itself: any client could pick its rate-limit bucket.
      ctx.addIssue({
        code: 'custom',
        message: 'true would let every client choose its own address with X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses',
      });
      return z.NEVER;
    }
    const entries = setting.split(',').map((entry) => entry.trim());
    try {
      proxyAddr.compile(entries); // what express does with them: refuse here what it would throw on later
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `${(error as Error).message} (expected a number of proxies, or addresses and CIDR networks)` });
      return z.NEVER;
    }
    return entries;
  });

/** The gateway's settings; every key is an environment variable, documented by its `.describe()`. */
export const gatewayConfigShape = {
  GATEWAY_PORT: port(8080).describe('Port of the public API (0: any free port).'),
  METRICS_PORT: port(9464).describe(
    'Port of GET /metrics (Prometheus), apart from the API so that whatever publishes the API does not publish it (0: any free port).',
  ),
  LOG_LEVEL: commonConfig.LOG_LEVEL,
  NODE_ENV: commonConfig.NODE_ENV,
  INTERNAL_SIGNING_KEY: commonConfig.INTERNAL_SIGNING_KEY,
  SHUTDOWN_TIMEOUT_MS: commonConfig.SHUTDOWN_TIMEOUT_MS,
  DOWNLOAD_DRAIN_TIMEOUT_MS: commonConfig.DOWNLOAD_DRAIN_TIMEOUT_MS,
  ...jwtConfig,
  ...tracingConfig,
  REDIS_URL: optionalUrl().describe(
    'Redis holding the rate-limit counters and the API-token cache. While it is unreachable the gateway ' +
      'keeps serving, with per-process in-memory limits and no cache. rediss:// for TLS (REDIS_CA_FILE). Unset: in-memory limits, no cache (the embedded default).',
  ),
  ...redisTlsConfig,
  REDIS_KEY_PREFIX: z
    .string()
    .default('crm:gateway:')
    .describe('Prefix of every Redis key the gateway writes (rate-limit counters, API-token cache).'),
  THROTTLE_RATES: parsedSetting(DEFAULT_THROTTLE_RATES, parseThrottleRates).describe(
    'Rate per bucket, `<bucket>=<count>/<second|minute|hour|day>` comma-separated; buckets: read (GET, HEAD, ' +
      'duplicate checks), write (other methods), anon (register, login, refresh-token, JWKS, web form submissions; per client address), ' +
      'unauthenticated (requests whose credential fails, 401, per client address; past it every request of the address ' +
      'that needs a credential is refused before its credential is looked at). A bucket left out keeps its default.',
  ),
  FORM_RATE: parsedSetting(DEFAULT_FORM_RATE, (value) => parseRate(value)).describe(
    'Submissions one public web form takes from all addresses together, `<count>/<second|minute|hour|day>`; each ' +
      'address is also held to the anon rate.',
  ),
  API_TOKEN_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe('How long an API token resolved through auth is cached in Redis (0: no cache).'),
  TRUST_PROXY: trustedProxies.describe(
    'The proxies in front of the gateway whose X-Forwarded-For it believes (the client address of the anon bucket; ' +
      'links are built from PUBLIC_BASE_URL, never from a forwarded host): false (none), their number (1: behind one ingress controller), or their addresses and ' +
      'CIDR networks comma-separated (10.0.0.0/8,127.0.0.1; also loopback, linklocal, uniquelocal). true is refused.',
  ),
  CORS_ORIGINS: parsedSetting('', parseCorsOrigins).describe(
    'Origins whose pages may call the API from a browser (CORS), comma-separated, each scheme, host and port exactly ' +
      '(https://app.example.com); empty: none. The public web forms keep their own allowed_origins.',
  ),
  UPSTREAM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60_000)
    .describe('Longest silence on an upstream connection before the request fails with 504.'),
  UPSTREAM_RETRY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10_000)
    .describe(
      'How long a request its service cannot have seen (connection refused, or reset before any answer) is sent ' +
        'again, so a service restarting delays requests instead of failing them (0: never).',
    ),
  COMPRESSION_MIN_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024)
    .describe(
      'Smallest answer, by its Content-Length, the gateway compresses (gzip or brotli, as Accept-Encoding asks); ' +
        'smaller ones go as they are, where compressing saves less than it costs. A streamed answer (an export) has none and counts as large.',
    ),
  AUTH_SERVICE_URL: serviceUrlSetting({ name: 'auth', port: 8081 }),
  LEADS_SERVICE_URL: serviceUrlSetting({ name: 'leads', port: 8082 }),
  CONTACTS_SERVICE_URL: serviceUrlSetting({ name: 'contacts', port: 8083 }),
  ACCOUNTS_OPPORTUNITIES_SERVICE_URL: serviceUrlSetting({ name: 'accounts-opportunities', port: 8084 }),
  IMPORT_EXPORT_SERVICE_URL: serviceUrlSetting({ name: 'import-export', port: 8085 }),
  AUDIT_SERVICE_URL: serviceUrlSetting({ name: 'audit', port: 8086 }),
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayConfigShape>>;

/** Reads and checks the settings; a bad value throws a ConfigError naming the variable. */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const config = loadConfig(gatewayConfigShape, env);
  assertProductionSafe(config, { REDIS_URL: config.REDIS_URL }, gatewayConfigShape);
  redisTlsOptions(config); // TLS files set for a redis:// URL stop the start here, named
  if (config.METRICS_PORT !== 0 && config.METRICS_PORT === config.GATEWAY_PORT) {
    throw new ConfigError(['METRICS_PORT: must differ from GATEWAY_PORT (the metrics stay off the API port)']);
  }
  return config;
}

/** The services behind the gateway; each name is also the audience of the internal token it receives. */
export const UPSTREAM_SERVICES = ['auth', 'leads', 'contacts', 'accounts-opportunities', 'import-export', 'audit'] as const;
export type UpstreamService = (typeof UPSTREAM_SERVICES)[number];

export function upstreamUrls(config: GatewayConfig): Record<UpstreamService, string> {
  return {
    auth: config.AUTH_SERVICE_URL,
    leads: config.LEADS_SERVICE_URL,
    contacts: config.CONTACTS_SERVICE_URL,
    'accounts-opportunities': config.ACCOUNTS_OPPORTUNITIES_SERVICE_URL,
    'import-export': config.IMPORT_EXPORT_SERVICE_URL,
    audit: config.AUDIT_SERVICE_URL,
  };
}

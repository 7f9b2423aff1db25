export { buildGatewayApp, type GatewayApp, type GatewayDeps } from './app';
export { gatewayConfigShape, loadGatewayConfig, UPSTREAM_SERVICES, type GatewayConfig, type UpstreamService } from './config';
export { API_TOKEN_PREFIX } from './credentials/api-token-resolver';
export { ACCESS_TOKEN_ALGORITHMS } from './credentials/user-token-verifier';
export { rateLimitKey, type RateDecision } from './rate-limit/rate-limiter';
export { DEFAULT_THROTTLE_RATES, parseThrottleRates, type RateBucket, type ThrottleRates } from './rate-limit/throttle-rates';
export { matchRoute } from './routing/route-matcher';
export { ROUTE_TABLE, type AuthMode, type RouteEntry } from './routing/route-table';
export { startGateway, type RunningGateway, type StartGatewayOptions } from './start-gateway';

import type { ApiToken } from './api-tokens.repository';

/** An API token as listed: never its secret. */
export interface ApiTokenView {
  id: string;
  name: string;
  scopes: string[];
  created_at: string;
}

export const apiTokenView = (token: ApiToken): ApiTokenView => ({
  id: token.id,
  name: token.name,
  scopes: token.scopes,
  created_at: token.createdAt.toISOString(),
});

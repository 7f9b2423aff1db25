import { fillPath } from '../support/public-operations';
import { pathValues } from '../support/two-tenants';
import { acceptedRequest, pathCases, queryCases } from './address-cases';
import type { Case, CorpusContext } from './cases';
import { jsonBodyCases } from './json-cases';
import { publicFormCases } from './public-form-cases';
import { uploadCases } from './upload-cases';

/**
 * Every forged or wrong credential on every operation that needs one, each with a request the
 * operation would accept from the real caller (so a credential wrongly accepted shows as a change).
 */
function credentialCases(context: CorpusContext): Case[] {
  const cases: Case[] = [];
  for (const operation of context.operations) {
    if (operation.anonymous) continue;
    const path = fillPath(operation.path, pathValues(context.own, operation.resource, operation.pathParameters));
    for (const credential of context.forged) {
      const accepted = acceptedRequest(context, operation, credential.query ? `${path}?${credential.query}` : path);
      const { authorization: _real, ...headers } = accepted.headers as Record<string, string>;
      cases.push({
        category: credential.category,
        operation: operation.key,
        name: credential.name,
        request: { ...accepted, headers: credential.authorization ? { ...headers, authorization: credential.authorization } : headers },
        expect: 'refused',
        authenticated: false,
      });
    }
  }
  return cases;
}

/** The whole corpus, in a fixed order: the same fixture gives the same requests. */
export function buildCorpus(context: CorpusContext): Case[] {
  return [...jsonBodyCases(context), ...publicFormCases(context), ...uploadCases(context), ...pathCases(context), ...queryCases(context), ...credentialCases(context)];
}

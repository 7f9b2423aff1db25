import { createdRecord, type ApiClient } from './api-client';

/** Creates a lead through the gateway; fails the test on anything but 201. */
export const createLead = (api: ApiClient, token: string, body: Record<string, unknown>): Promise<any> => createdRecord(api, '/api/leads/', body, token);

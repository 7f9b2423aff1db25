import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { buildAsyncApiDocument, CHANGE_STREAM_CHANNEL } from '../src/asyncapi/asyncapi-document';
import { CONTRACT_FILES, formatDocument } from '../src/contract-files';
import { API_VERSION } from '../src/openapi/public-api';
import { EVENT_CATALOGUE, SERVICE_DEFINITIONS } from '../src/services';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const specs = require('@asyncapi/specs') as { schemas: Record<string, object> };

/** The AsyncAPI 3.0.0 JSON Schema (it embeds draft-07's meta-schema, so ajv's own is left out). */
const validAsyncApi3 = new Ajv({ strict: false, allErrors: true, meta: false, validateSchema: false, logger: false }).compile(specs.schemas['3.0.0']!);

type Document = { channels: Record<string, unknown>; operations: Record<string, { action: string; channel: { $ref: string } }> };

describe('the AsyncAPI document of the events', () => {
  const generated = buildAsyncApiDocument(SERVICE_DEFINITIONS, API_VERSION) as unknown as Document;

  it('is committed as generated (run `npm run contracts` after changing an event)', () => {
    expect(readFileSync(CONTRACT_FILES.asyncapi, 'utf8')).toBe(formatDocument(generated));
  });

  it('is a valid AsyncAPI 3.0 document, and the check can tell', () => {
    expect(validAsyncApi3(generated)).toBe(true);
    const broken = structuredClone(generated);
    Object.values(broken.operations)[0]!.action = 'publish'; // AsyncAPI 2's word: refused by 3.0
    expect(validAsyncApi3(broken)).toBe(false);
  });

  it('has a channel for every event and a receive operation for every binding of every consumer', () => {
    expect(Object.keys(generated.channels).sort()).toEqual([...EVENT_CATALOGUE.map((entry) => entry.type), CHANGE_STREAM_CHANNEL].sort());
    for (const service of SERVICE_DEFINITIONS) {
      for (const binding of service.consumes?.bindings ?? []) {
        if (binding === '#') continue;
        expect(EVENT_CATALOGUE.map((entry) => entry.type)).toContain(binding);
        expect(generated.operations[`${service.name}.receive.${binding}`]).toEqual(expect.objectContaining({ action: 'receive', channel: { $ref: `#/channels/${binding}` } }));
      }
    }
  });

  it('has the change stream carry every event, for readers outside', () => {
    const stream = generated.channels[CHANGE_STREAM_CHANNEL] as { address: string; messages: Record<string, unknown> };
    expect(stream.address).toBe('crm.changes');
    expect(Object.keys(stream.messages).sort()).toEqual(EVENT_CATALOGUE.map((entry) => entry.type).sort());
    expect(generated.operations['reader.receive.changes']).toEqual(expect.objectContaining({ action: 'receive', channel: { $ref: `#/channels/${CHANGE_STREAM_CHANNEL}` } }));
  });

  it('describes the data of the events whose schema the code declares', () => {
    const merged = (generated as unknown as { components: { messages: Record<string, { payload: { properties: { data: { required: string[] } } } }> } }).components.messages['lead.merged']!;
    expect(merged.payload.properties.data.required).toEqual(expect.arrayContaining(['keeper_id', 'merged_id']));
  });
});

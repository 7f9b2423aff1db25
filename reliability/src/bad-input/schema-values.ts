import type { Schema } from '../support/public-operations';

/**
 * Values derived from a JSON schema of the OpenAPI document: whether the schema accepts a value (a small
 * checker for the keywords the document uses), and values it does not — of the wrong type, breaking a
 * constraint, or far too large — so each bad value in the corpus is bad by the contract itself.
 */

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** True when `schema` accepts `value` (type, anyOf, enum, const, pattern, lengths, bounds, items, properties). */
export function acceptedBy(schema: Schema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.some((branch) => acceptedBy(branch, value));
  if (schema.const !== undefined && value !== schema.const) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.type !== undefined) {
    const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual = typeOf(value);
    if (!allowed.includes(actual) && !(actual === 'integer' && allowed.includes('number'))) return false;
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    if (schema.items && !value.every((item) => acceptedBy(schema.items!, item))) return false;
  }
  if (typeOf(value) === 'object' && schema.properties) {
    const object = value as Record<string, unknown>;
    if ((schema.required ?? []).some((name) => !(name in object))) return false;
    for (const [name, item] of Object.entries(object)) {
      const property = schema.properties[name];
      if (!property) {
        if (schema.additionalProperties === false) return false;
      } else if (!acceptedBy(property, item)) return false;
    }
  }
  return true;
}

/** A property documented as `{}`: a server-derived field, listed so a client sending it gets a clear 400. */
export const isServerDerived = (schema: Schema) => Object.keys(schema).length === 0;

/** One value of each JSON type; those a schema refuses are its wrong-type values. */
const ONE_OF_EACH_TYPE: unknown[] = ['text', 12.5, 7, true, null, ['x'], { nested: 'x' }];

export function wrongTypeValues(schema: Schema): unknown[] {
  return ONE_OF_EACH_TYPE.filter((value) => !acceptedBy(schema, value));
}

/** Every string / number / array branch of a schema (anyOf flattened). */
function branches(schema: Schema): Schema[] {
  return schema.anyOf ? schema.anyOf.flatMap(branches) : [schema];
}

/**
 * Values just past a constraint of the schema (one character too many, one below the minimum, a choice
 * not listed, a string not matching the pattern, one item too many, an item breaking the item schema),
 * kept only when the schema as a whole refuses them.
 */
export function constraintViolations(schema: Schema): Array<{ name: string; value: unknown }> {
  const found: Array<{ name: string; value: unknown }> = [];
  for (const branch of branches(schema)) {
    if (branch.maxLength !== undefined) found.push({ name: `${branch.maxLength + 1} characters`, value: 'x'.repeat(branch.maxLength + 1) });
    if (branch.minLength !== undefined && branch.minLength > 0) found.push({ name: 'empty string', value: '' });
    if (branch.enum) found.push({ name: 'a choice not listed', value: 'not_a_choice' });
    if (branch.pattern) found.push({ name: 'not matching the pattern', value: 'not-valid!' });
    if (branch.minimum !== undefined) found.push({ name: 'below the minimum', value: branch.minimum - 1 });
    if (branch.maximum !== undefined) found.push({ name: 'above the maximum', value: branch.maximum + 1 });
    if (branch.type === 'integer') found.push({ name: 'a fraction', value: 1.5 });
    if (branch.maxItems !== undefined) {
      found.push({ name: `${branch.maxItems + 1} items`, value: Array.from({ length: branch.maxItems + 1 }, (_, index) => validItem(branch.items, index)) });
    }
    if (branch.items) {
      for (const violation of constraintViolations(branch.items)) found.push({ name: `an item: ${violation.name}`, value: [violation.value] });
      for (const wrong of wrongTypeValues(branch.items).slice(0, 2)) found.push({ name: `an item of type ${typeOf(wrong)}`, value: [wrong] });
    }
  }
  return found.filter(({ value }) => !acceptedBy(schema, value));
}

/** A value the item schema accepts (distinct per index): to fill an array up to its limit. */
function validItem(schema: Schema | undefined, index: number): unknown {
  if (!schema) return `item${index}`;
  if (schema.enum) return schema.enum[index % schema.enum.length];
  if (schema.properties) return Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, validItem(property, index)]));
  return `item${index}`;
}

/**
 * Far too large values for a property, by what it takes: a 100 KB string, numbers beyond any column
 * (1e308, past 2^63, past 2^53), a 40-digit amount, 100,000 array items. No field of the API can hold
 * them (a string without a documented maximum is a date, a currency, an id or an amount), so each must
 * be refused.
 */
export function hugeValues(schema: Schema): Array<{ name: string; value: unknown }> {
  const found: Array<{ name: string; value: unknown }> = [];
  const types = new Set(branches(schema).flatMap((branch) => (Array.isArray(branch.type) ? branch.type : [branch.type])));
  if (types.has('string')) found.push({ name: '100 KB string', value: 'x'.repeat(100_000) });
  if (types.has('number') || types.has('integer')) {
    found.push({ name: '1e308', value: 1e308 }, { name: '-1e308', value: -1e308 }, { name: '2^63', value: 2 ** 63 }, { name: '2^53 + 2', value: 2 ** 53 + 2 });
  }
  if (types.has('string') && (types.has('number') || types.has('integer'))) {
    found.push({ name: 'a 40-digit decimal string', value: `${'9'.repeat(38)}.99` }, { name: '"1e309"', value: '1e309' }, { name: '"NaN"', value: 'NaN' });
  }
  if (types.has('array')) found.push({ name: '100,000 items', value: Array.from({ length: 100_000 }, (_, index) => `t${index}`) });
  return found;
}

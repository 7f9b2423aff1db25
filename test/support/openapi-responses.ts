import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

/**
 * Checks an answer against the OpenAPI document the gateway serves (`contracts/openapi.json`): its status is
 * one the operation lists, its media type one of that answer's, its body valid against that answer's schema
 * (none where the document gives no content) and its documented headers valid. `test/support/api-client.ts`
 * checks every answer the end-to-end suites receive, so what the handlers send cannot drift from what is
 * documented (issue 23.1). A request no operation documents (an unknown path, a method the path has not) is
 * not checked: it is the gateway's own answer, tested where it is made.
 */
export interface DocumentedAnswer {
  method: string;
  /** The path as requested, with or without its query. */
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

type JsonSchema = Record<string, unknown>;
interface ResponseObject {
  content?: Record<string, { schema?: JsonSchema }>;
  headers?: Record<string, { schema?: JsonSchema; required?: boolean } | { $ref: string }>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; headers: Record<string, { schema?: JsonSchema; required?: boolean }> };
}

const DOCUMENT_FILE = resolve(__dirname, '../../contracts/openapi.json');

interface PathTemplate {
  template: string;
  pattern: RegExp;
  /** Literal segments match before parameters: `/api/leads/duplicates/` is not `/api/leads/{id}/`. */
  parameters: number;
}

class OpenApiResponses {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly templates: PathTemplate[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    this.ajv.addFormat('date-time', { validate: (value: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value) && !Number.isNaN(Date.parse(value)) });
    this.ajv.addFormat('date', /^\d{4}-\d\d-\d\d$/);
    this.ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
    this.ajv.addSchema({ $id: 'openapi', components: document.components } as JsonSchema);
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[A-Za-z]+\\?\}/g, '[^/]+')}$`),
        parameters: (template.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.parameters - b.parameters);
  }

  /** Every operation of the document, as `METHOD /path/{template}/`. */
  operations(): string[] {
    return Object.entries(this.document.paths).flatMap(([template, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${template}`));
  }

  /** The operation that documents a request (`METHOD /path/{template}/`), if any. */
  operationOf(method: string, url: string): string | undefined {
    const template = this.templateOf(url);
    return template && this.document.paths[template][method.toLowerCase()] ? `${method.toUpperCase()} ${template}` : undefined;
  }

  private templateOf(url: string): string | undefined {
    const path = new URL(url, 'http://gateway').pathname;
    return this.templates.find(({ pattern }) => pattern.test(path))?.template;
  }

  /** What is wrong with the answer, in words; empty when it is as documented (or no operation documents the request). */
  violations(answer: DocumentedAnswer): string[] {
    const template = this.templateOf(answer.url);
    const operation = template ? this.document.paths[template][answer.method.toLowerCase()] : undefined;
    if (!template || !operation) return [];
    const where = `${answer.method.toUpperCase()} ${template} → ${answer.status}`;
    const documented = operation.responses[String(answer.status)] ?? operation.responses.default;
    if (!documented) return [`${where}: the status is not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
    return [...this.bodyViolations(documented, answer, `${where}`), ...this.headerViolations(documented, answer, where)];
  }

  private bodyViolations(documented: ResponseObject, answer: DocumentedAnswer, where: string): string[] {
    const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const content = documented.content ?? {};
    if (Object.keys(content).length === 0) {
      return answer.text.length === 0 ? [] : [`${where}: a body (${mediaType || 'no media type'}) where the document gives none`];
    }
    const media = content[mediaType];
    if (!media) return [`${where}: media type ${mediaType || '(none)'} is not documented (documented: ${Object.keys(content).join(', ')})`];
    if (!mediaType.endsWith('json') || !media.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [`${where}: the body is not JSON`];
    }
    const validate = this.validator(`${where} body`, media.schema);
    return validate(body) ? [] : [`${where}: the body does not match its schema: ${describeErrors(validate)}`];
  }

  private headerViolations(documented: ResponseObject, answer: DocumentedAnswer, where: string): string[] {
    const problems: string[] = [];
    for (const [name, declared] of Object.entries(documented.headers ?? {})) {
      const header = '$ref' in declared ? this.document.components.headers[declared.$ref.split('/').pop()!] : declared;
      const value = answer.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`${where}: header ${name} is required but missing`);
        continue;
      }
      if (!header.schema) continue;
      const validate = this.validator(`${where} header ${name}`, header.schema);
      const typed = header.schema.type === 'integer' || header.schema.type === 'number' ? Number(value) : value;
      if (!validate(typed)) problems.push(`${where}: header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(validate.errors, { dataVar: '' })}`);
    }
    return problems;
  }

  private validator(key: string, schema: JsonSchema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      // References point into the document's components, registered once as `openapi`.
      validate = this.ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/')) as JsonSchema);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/** Ajv's errors in words, with the property each one is about (an extra property is named). */
const describeErrors = (validate: ValidateFunction): string =>
  (validate.errors ?? [])
    .map((error) => `body${error.instancePath} ${error.message}${error.params.additionalProperty ? ` (${error.params.additionalProperty})` : ''}`)
    .join('; ');

let loaded: OpenApiResponses | undefined;

/** The checker of the committed document, read once per test file. */
export function openApiResponses(): OpenApiResponses {
  loaded ??= new OpenApiResponses(JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as OpenApiDocument);
  return loaded;
}

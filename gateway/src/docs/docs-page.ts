/** The parts of an OpenAPI 3.1 document the page shows. */
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { description: string }>;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Inline code spans of the descriptions (`like this`), the only markup they use. */
const prose = (text = ''): string => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>').replace(/\n\n/g, '<br>');

const json = (value: unknown): string => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function parametersTable(parameters: NonNullable<OpenApiOperation['parameters']>): string {
  if (parameters.length === 0) return '';
  const rows = parameters
    .map((p) => `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : ''}</td><td><code>${escapeHtml(JSON.stringify(p.schema ?? {}))}</code></td></tr>`)
    .join('');
  return `<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>${rows}</table>`;
}

function operationSection(path: string, method: string, operation: OpenApiOperation): string {
  const body = operation.requestBody
    ? Object.entries(operation.requestBody.content)
        .map(([type, { schema }]) => `<details><summary>Body: ${escapeHtml(type)}</summary>${json(schema)}</details>`)
        .join('')
    : '';
  const responses = Object.entries(operation.responses)
    .map(([status, { description }]) => `<li><b>${status}</b> ${prose(description)}</li>`)
    .join('');
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
  return `<section id="${id}" class="${operation.deprecated ? 'deprecated' : ''}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> ${escapeHtml(operation.summary ?? '')}${operation.deprecated ? ' (deprecated)' : ''}</h3>
<p>${prose(operation.description)}</p>
${parametersTable(operation.parameters ?? [])}${body}<ul>${responses}</ul>
</section>`;
}

/** One HTML page listing every operation by tag, rendered from the document (no script, nothing fetched). */
export function renderDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation, tag: operation.tags?.[0] ?? 'Other' })),
  );
  const tags = document.tags?.map((t) => t.name) ?? [...new Set(operations.map((o) => o.tag))];
  const sections = tags
    .map((tag) => {
      const ofTag = operations.filter((o) => o.tag === tag);
      return `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ofTag.map((o) => operationSection(o.path, o.method, o.operation)).join('\n')}`;
    })
    .join('\n');
  const title = `${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;line-height:1.4}
section{border-top:1px solid #ddd;padding:.5rem 0}.deprecated{opacity:.6}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:2px 4px}
.get{background:#2b7bb9}.post{background:#2e9e5b}.put{background:#c27c0e}.patch{background:#8a5cc2}.delete{background:#c23b3b}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:.8rem}table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #ddd;padding:2px 6px;text-align:left}
</style></head><body>
<h1>${title}</h1><p>${prose(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav>${tags.map((tag) => `<a href="#${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join(' · ')}</nav>
${sections}
</body></html>
`;
}

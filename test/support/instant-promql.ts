import { parser } from '@prometheus-io/lezer-promql';
import type { Sample } from './prometheus-text';

/**
 * A rule's expression evaluated on scraped samples, as Prometheus would at one instant: enough of PromQL
 * for the platform's alerts (no promtool or Prometheus here) — selectors and their matchers, `sum`, `min`,
 * `max`, `avg` and `count` by or without labels, arithmetic and comparisons (with `bool`) between vectors
 * and scalars, `and`, `or`, `unless` (with `on` / `ignoring`), and `absent`. `rate` and `increase` read two
 * scrapes, `before` and `now`, `seconds` apart, whatever the window written (no extrapolation).
 * Anything else throws, so a test never passes on a part it did not evaluate.
 */
export interface Scrapes {
  now: Sample[];
  before?: { samples: Sample[]; seconds: number };
}

/** One series of the result: its labels (`__name__` while a selector's) and value. */
export interface Element {
  labels: Record<string, string>;
  value: number;
}

type Value = { kind: 'scalar'; value: number } | { kind: 'vector'; elements: Element[] };
type Node = ReturnType<typeof parser.parse>['topNode'];

const children = (node: Node): Node[] => {
  const all: Node[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) all.push(child);
  return all;
};

/** The series of `expr` at the instant of `scrapes.now`: an alert fires for each (`for` aside). */
export function evaluate(expr: string, scrapes: Scrapes): Element[] {
  const top = parser.parse(expr).topNode;
  const text = (node: Node) => expr.slice(node.from, node.to);
  const fail = (node: Node, why: string): never => {
    throw new Error(`${why}: ${text(node)}`);
  };

  const matchersOf = (selector: Node): Array<(labels: Record<string, string>) => boolean> => {
    const [identifier, matchers] = children(selector);
    const tests: Array<(labels: Record<string, string>) => boolean> = [];
    if (identifier?.name === 'Identifier') tests.push((labels) => labels.__name__ === text(identifier));
    for (const matcher of matchers ? children(matchers) : identifier?.name === 'LabelMatchers' ? children(identifier) : []) {
      const [name, op, value] = children(matcher);
      if (!name || !op || !value) fail(matcher, 'matcher not understood');
      const label = text(name!);
      const wanted = JSON.parse(text(value!)) as string;
      const regex = new RegExp(`^(?:${wanted})$`);
      const test = {
        '=': (actual: string) => actual === wanted,
        '!=': (actual: string) => actual !== wanted,
        '=~': (actual: string) => regex.test(actual),
        '!~': (actual: string) => !regex.test(actual),
      }[text(op!)];
      if (!test) fail(matcher, 'match operator not understood');
      tests.push((labels) => test!(labels[label] ?? ''));
    }
    return tests;
  };
  const select = (selector: Node, samples: Sample[]): Element[] => {
    const tests = matchersOf(selector);
    return samples
      .map((sample) => ({ labels: { __name__: sample.name, ...sample.labels }, value: sample.value }))
      .filter((element) => tests.every((test) => test(element.labels)));
  };
  const key = (labels: Record<string, string>) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
  const withoutName = ({ __name__: _, ...labels }: Record<string, string>) => labels;

  const vector = (node: Node): Element[] => {
    const value = evaluateNode(node);
    if (value.kind !== 'vector') fail(node, 'a vector was expected');
    return (value as { elements: Element[] }).elements;
  };

  function evaluateNode(node: Node): Value {
    switch (node.name) {
      case 'PromQL':
      case 'ParenExpr':
        return evaluateNode(children(node).find((child) => !['(', ')'].includes(child.name))!);
      case 'NumberDurationLiteral':
        return { kind: 'scalar', value: Number(text(node)) };
      case 'VectorSelector':
        return { kind: 'vector', elements: select(node, scrapes.now) };
      case 'AggregateExpr':
        return aggregate(node);
      case 'FunctionCall':
        return call(node);
      case 'BinaryExpr':
        return binary(node);
      default:
        return fail(node, `${node.name} not evaluated here`);
    }
  }

  function aggregate(node: Node): Value {
    const [op, ...rest] = children(node);
    const modifier = rest.find((child) => child.name === 'AggregateModifier');
    const body = rest.find((child) => child.name === 'FunctionCallBody')!;
    const argument = children(body).filter((child) => !['(', ')', ','].includes(child.name));
    if (argument.length !== 1) fail(node, 'an aggregation with a parameter');
    const elements = vector(argument[0]!);
    const keeps = modifier ? children(modifier)[0]?.name === 'By' : false;
    const grouped = modifier ? children(children(modifier)[1]!).map(text) : [];
    const groupOf = (labels: Record<string, string>) =>
      Object.fromEntries(Object.entries(withoutName(labels)).filter(([name]) => (keeps ? grouped.includes(name) : modifier ? !grouped.includes(name) : false)));
    const groups = new Map<string, { labels: Record<string, string>; values: number[] }>();
    for (const element of elements) {
      const labels = groupOf(element.labels);
      const group = groups.get(key(labels)) ?? { labels, values: [] };
      group.values.push(element.value);
      groups.set(key(labels), group);
    }
    const reduce: Record<string, (values: number[]) => number> = {
      sum: (values) => values.reduce((a, b) => a + b, 0),
      min: (values) => Math.min(...values),
      max: (values) => Math.max(...values),
      avg: (values) => values.reduce((a, b) => a + b, 0) / values.length,
      count: (values) => values.length,
    };
    const fn = reduce[text(op!)] ?? fail(op!, 'aggregation not evaluated here');
    return { kind: 'vector', elements: [...groups.values()].map((group) => ({ labels: group.labels, value: fn(group.values) })) };
  }

  function call(node: Node): Value {
    const [identifier, body] = children(node);
    const name = text(identifier!);
    const args = children(body!).filter((child) => !['(', ')', ','].includes(child.name));
    if (name === 'absent') {
      if (vector(args[0]!).length > 0) return { kind: 'vector', elements: [] };
      // The labels of the selector's equality matchers, as Prometheus gives them.
      const selector = args[0]!.name === 'VectorSelector' ? args[0]! : undefined;
      const labels: Record<string, string> = {};
      for (const matcher of selector ? children(selector).filter((child) => child.name === 'LabelMatchers').flatMap(children) : []) {
        const [label, op, value] = children(matcher);
        if (text(op!) === '=') labels[text(label!)] = JSON.parse(text(value!)) as string;
      }
      return { kind: 'vector', elements: [{ labels, value: 1 }] };
    }
    if (name === 'rate' || name === 'increase') {
      const range = args[0]!;
      if (range.name !== 'MatrixSelector') fail(node, `${name}() of no range`);
      if (!scrapes.before) fail(node, `${name}() needs two scrapes`);
      const { samples, seconds } = scrapes.before!;
      const selector = children(range)[0]!;
      const earlier = new Map(select(selector, samples).map((element) => [key(element.labels), element.value]));
      const elements = select(selector, scrapes.now).flatMap((element) => {
        const first = earlier.get(key(element.labels));
        if (first === undefined) return [];
        const increase = element.value >= first ? element.value - first : element.value; // a reset: counted from 0
        return [{ labels: withoutName(element.labels), value: name === 'rate' ? increase / seconds : increase }];
      });
      return { kind: 'vector', elements };
    }
    return fail(node, `${name}() not evaluated here`);
  }

  function binary(node: Node): Value {
    const parts = children(node);
    const [left, operator] = parts;
    const right = parts[parts.length - 1]!;
    const op = text(operator!);
    const returnsBool = parts.some((part) => part.name === 'BoolModifier');
    const matching = parts.find((part) => part.name === 'MatchingModifierClause');
    const on = matching ? children(matching)[0]!.name === 'On' : false;
    const matchLabels = matching ? children(children(matching)[1]!).map(text) : [];
    const signature = (labels: Record<string, string>) =>
      key(Object.fromEntries(Object.entries(withoutName(labels)).filter(([name]) => (on ? matchLabels.includes(name) : !matchLabels.includes(name)))));

    if (['and', 'or', 'unless'].includes(op)) {
      const lhs = vector(left!);
      const rhs = vector(right);
      const rightSignatures = new Set(rhs.map((element) => signature(element.labels)));
      const leftSignatures = new Set(lhs.map((element) => signature(element.labels)));
      if (op === 'and') return { kind: 'vector', elements: lhs.filter((element) => rightSignatures.has(signature(element.labels))) };
      if (op === 'unless') return { kind: 'vector', elements: lhs.filter((element) => !rightSignatures.has(signature(element.labels))) };
      return { kind: 'vector', elements: [...lhs, ...rhs.filter((element) => !leftSignatures.has(signature(element.labels)))] };
    }

    const arithmetic: Record<string, (a: number, b: number) => number> = {
      '+': (a, b) => a + b,
      '-': (a, b) => a - b,
      '*': (a, b) => a * b,
      '/': (a, b) => a / b,
    };
    const comparison: Record<string, (a: number, b: number) => boolean> = {
      '==': (a, b) => a === b,
      '!=': (a, b) => a !== b,
      '>': (a, b) => a > b,
      '<': (a, b) => a < b,
      '>=': (a, b) => a >= b,
      '<=': (a, b) => a <= b,
    };
    if (!arithmetic[op] && !comparison[op]) fail(operator!, 'operator not evaluated here');
    const lhs = evaluateNode(left!);
    const rhs = evaluateNode(right);
    /** The value of `a op b`, or undefined when a comparison drops it. */
    const apply = (a: number, b: number, keep: number): number | undefined => {
      if (arithmetic[op]) return arithmetic[op]!(a, b);
      const holds = comparison[op]!(a, b);
      if (returnsBool) return holds ? 1 : 0;
      return holds ? keep : undefined;
    };
    if (lhs.kind === 'scalar' && rhs.kind === 'scalar') return { kind: 'scalar', value: apply(lhs.value, rhs.value, lhs.value) ?? Number.NaN };
    const pairs: Array<{ labels: Record<string, string>; a: number; b: number; keep: number }> = [];
    if (lhs.kind === 'vector' && rhs.kind === 'scalar') for (const element of lhs.elements) pairs.push({ labels: element.labels, a: element.value, b: rhs.value, keep: element.value });
    else if (lhs.kind === 'scalar' && rhs.kind === 'vector') for (const element of rhs.elements) pairs.push({ labels: element.labels, a: lhs.value, b: element.value, keep: element.value });
    else if (lhs.kind === 'vector' && rhs.kind === 'vector') {
      const rightBySignature = new Map<string, Element>();
      for (const element of rhs.elements) {
        if (rightBySignature.has(signature(element.labels))) fail(node, 'many-to-one matching not evaluated here');
        rightBySignature.set(signature(element.labels), element);
      }
      for (const element of lhs.elements) {
        const other = rightBySignature.get(signature(element.labels));
        if (other) pairs.push({ labels: element.labels, a: element.value, b: other.value, keep: element.value });
      }
    }
    // Arithmetic and `bool` drop the metric's name; a filtering comparison keeps the series as it was.
    const dropsName = Boolean(arithmetic[op]) || returnsBool;
    const elements = pairs.flatMap(({ labels, a, b, keep }) => {
      const value = apply(a, b, keep);
      return value === undefined ? [] : [{ labels: dropsName ? withoutName(labels) : labels, value }];
    });
    return { kind: 'vector', elements };
  }

  const errors: string[] = [];
  const cursor = top.cursor();
  do if (cursor.type.isError) errors.push(`syntax error at ${cursor.from}`);
  while (cursor.next());
  if (errors.length > 0) throw new Error(`${errors.join(', ')}: ${expr}`);
  return vector(top);
}

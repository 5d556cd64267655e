import * as z from 'zod';
import { routeSpecsOf } from '../../functions/lib/http-handler';
import { BOUNDED_JSON_META } from '@shared/common/fields';
import { resourcesOf, routes } from '@shared/api/routes';

/** A JSON Schema node, as `z.toJSONSchema` writes it. */
type Node = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Node>;
  additionalProperties?: boolean | Node;
  propertyNames?: Node;
  items?: Node | Node[];
  prefixItems?: Node[];
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
};

/** Past this a "range" bounds nothing: zod's safe-integer limits are not a field's range. */
const LARGEST_SANE_BOUND = 1e15;

/**
 * What is unbounded in one schema node and below it (every string has a maximum length,
 * numbers have ranges, arrays a maximum size, and body objects refuse unknown fields).
 */
function unbounded(node: Node, path: string, strictObjects: boolean): string[] {
  const found: string[] = [];
  const visit = (child: Node, where: string) =>
    found.push(...unbounded(child, where, strictObjects));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    node[key]?.forEach((child, index) => visit(child, `${path}|${index}`));
  }
  // Enumerations bound themselves; free JSON is bounded by its own walk (shared/common/fields.ts).
  if ('const' in node || 'enum' in node || node[BOUNDED_JSON_META] === true) return found;
  const types = node.type === undefined ? [] : [node.type].flat();
  if (types.includes('string') && typeof node.maxLength !== 'number') {
    found.push(`${path}: a string without a maximum length`);
  }
  if (types.includes('number') || types.includes('integer')) {
    const max = (node.maximum ?? node.exclusiveMaximum) as number | undefined;
    const min = (node.minimum ?? node.exclusiveMinimum) as number | undefined;
    if (
      max === undefined ||
      min === undefined ||
      max > LARGEST_SANE_BOUND ||
      min < -LARGEST_SANE_BOUND
    ) {
      found.push(`${path}: a number without a range`);
    }
  }
  if (types.includes('array')) {
    if (typeof node.maxItems !== 'number') found.push(`${path}: an array without a maximum size`);
    [node.items ?? [], node.prefixItems ?? []]
      .flat()
      .forEach((child, index) => visit(child, `${path}[${index}]`));
  }
  if (types.includes('object')) {
    for (const [name, child] of Object.entries(node.properties ?? {}))
      visit(child, `${path}.${name}`);
    const extra = node.additionalProperties;
    if (typeof extra === 'object') {
      // A record: its keys are bounded like strings, its values like any node.
      if (typeof node.propertyNames?.maxLength !== 'number' && !node.propertyNames?.enum) {
        found.push(`${path}: a record whose keys have no maximum length`);
      }
      visit(extra, `${path}.*`);
    } else if (strictObjects && extra !== false) {
      found.push(`${path}: an object that accepts unknown fields`);
    }
  }
  if (types.length === 0 && !node.anyOf && !node.oneOf && !node.allOf && !node.$ref) {
    found.push(`${path}: a value of any type`);
  }
  return found;
}

type Specs = Record<string, { body?: z.ZodType; params?: z.ZodType; query?: z.ZodType }>;

async function specsOf(resource: string): Promise<Specs> {
  await import(`../../functions/${resource}/handler`);
  const specs = routeSpecsOf(resource);
  if (!specs) throw new Error(`functions/${resource}/handler declares no routes`);
  return specs as Specs;
}

const cases = resourcesOf(routes).map((resource) => [resource] as const);

describe('request schemas of every route are bounded', () => {
  it.each(cases)('the %s resource', async (resource) => {
    const specs = await specsOf(resource);
    const problems: string[] = [];
    for (const [key, spec] of Object.entries(specs)) {
      for (const location of ['params', 'query', 'body'] as const) {
        const schema = spec[location];
        if (!schema) continue;
        // A bound may sit before a transform (input side) or after a preprocess (output side):
        // a node is unbounded only when neither side bounds it.
        const [input, output] = (['input', 'output'] as const).map(
          (io) =>
            new Set(
              unbounded(
                z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as Node,
                `${key} ${location}`,
                location === 'body',
              ),
            ),
        ) as [Set<string>, Set<string>];
        problems.push(...[...input].filter((problem) => output.has(problem)));
      }
    }
    expect(problems).toEqual([]);
  });
});

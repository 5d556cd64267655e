import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createDeskline, type DesklineProps, type DesklineStacks } from '../../../infra/deskline';
import { pascalCase } from '../../../infra/naming';
import { repoRoot } from '../../../infra/paths';
import { routes } from '@shared/api/routes';

export const fixturesDir = path.join(repoRoot, 'test', 'infra', 'fixtures');

/**
 * An app with cdk.json's context (the feature flags), so tests synthesize what `cdk synth` does,
 * minus two slow parts these tests do not assert on: esbuild bundling, and the template validation
 * against CloudFormation's default rules (seconds per jest worker), which `npm run synth` runs on
 * the real app.
 */
export function testApp(): App {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return new App({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
}

/**
 * The whole app as the tests synthesize it: the route table, the fixture SPA, no frame ancestors, in
 * eu-west-1, unless `props` says otherwise.
 */
export function testDeskline(
  props: Partial<DesklineProps> = {},
  app: App = testApp(),
): DesklineStacks {
  return createDeskline(app, {
    env: { region: 'eu-west-1' },
    routes,
    webAssetsDir: path.join(fixturesDir, 'web'),
    frameAncestors: [],
    ...props,
  });
}

/** The resources of one type, keyed by logical id. */
export function resourcesOfType(
  template: Template,
  type: string,
): Record<string, { Properties: Record<string, unknown> }> {
  return template.findResources(type) as Record<string, { Properties: Record<string, unknown> }>;
}

type Outputs = Record<string, { Value: unknown; Export?: { Name: string } }>;

/**
 * What a value of a template stands for in its producer: the value itself, or, for a cross-stack
 * reference, the producer's output value (`Fn::GetStackOutput` of weak references, or an export's
 * `Fn::ImportValue`) with the producer stack.
 */
export function resolveReference(
  stacks: readonly Stack[],
  consumer: Stack,
  value: unknown,
): { stack: Stack; value: unknown } | undefined {
  const ref = value as {
    'Fn::GetStackOutput'?: { StackName: string; OutputName: string };
    'Fn::ImportValue'?: string;
  };
  const outputsOf = (stack: Stack) => (Template.fromStack(stack).toJSON().Outputs ?? {}) as Outputs;
  const stackOutput = ref?.['Fn::GetStackOutput'];
  if (stackOutput) {
    const producer = stacks.find((stack) => stack.stackName === stackOutput.StackName);
    const output = producer && outputsOf(producer)[stackOutput.OutputName];
    return producer && output && { stack: producer, value: output.Value };
  }
  const exportName = ref?.['Fn::ImportValue'];
  if (exportName) {
    for (const stack of stacks) {
      const output = Object.values(outputsOf(stack)).find((out) => out.Export?.Name === exportName);
      if (output) return { stack, value: output.Value };
    }
    return undefined;
  }
  return { stack: consumer, value };
}

/** Whether a template value is, or refers to, the `Ref` (or a `GetAtt`) of a resource of a stack. */
export function refersTo(
  stacks: readonly Stack[],
  consumer: Stack,
  value: unknown,
  target: { stack: Stack; logicalId: string; attribute?: string },
): boolean {
  const resolved = resolveReference(stacks, consumer, value);
  const expected = target.attribute
    ? { 'Fn::GetAtt': [target.logicalId, target.attribute] }
    : { Ref: target.logicalId };
  return resolved?.stack === target.stack && isEqual(resolved.value, expected);
}

/** Deep equality of template values (plain JSON). */
export function isEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The logical id of the only resource of a type with these properties. */
export function logicalIdOf(
  template: Template,
  type: string,
  properties: Record<string, unknown> = {},
): string {
  const [logicalId, ...others] = Object.keys(
    template.findResources(type, { Properties: properties }),
  );
  if (!logicalId || others.length > 0) throw new Error(`Expected exactly one ${type}`);
  return logicalId;
}

/** The function the api stack made for a resource, by the logical id it gives it. */
export function functionOf(
  apiStack: Stack,
  resource: string,
): { logicalId: string; properties: Record<string, unknown> } {
  const found = Object.entries(
    resourcesOfType(Template.fromStack(apiStack), 'AWS::Lambda::Function'),
  ).filter(([logicalId]) => logicalId.startsWith(`${pascalCase(resource)}Function`));
  if (found.length !== 1) throw new Error(`Expected one function for the ${resource} resource`);
  const [logicalId, fn] = found[0]!;
  return { logicalId, properties: fn.Properties };
}

export interface PolicyStatementJson {
  Effect: string;
  Action: string[];
  Resource: unknown;
  Condition?: unknown;
}

/**
 * The statements of the IAM policies of these stacks, all of them or only those attached to one
 * role (in its own stack or, through a cross-stack reference, in another).
 */
export function policyStatements(
  stacks: readonly Stack[],
  role?: { stack: Stack; logicalId: string },
): PolicyStatementJson[] {
  return stacks.flatMap((stack) =>
    Object.values(resourcesOfType(Template.fromStack(stack), 'AWS::IAM::Policy'))
      .filter(
        (policy) =>
          role === undefined ||
          (policy.Properties.Roles as unknown[]).some((roleRef) =>
            refersTo(stacks, stack, roleRef, role),
          ),
      )
      .flatMap(
        (policy) =>
          (
            policy.Properties.PolicyDocument as {
              Statement: (Omit<PolicyStatementJson, 'Action'> & { Action: string | string[] })[];
            }
          ).Statement,
      )
      .map((statement) => ({ ...statement, Action: [statement.Action].flat() })),
  );
}

/** The statements of the policies of a resource's function: its role's, in every stack. */
export function functionStatements(
  stacks: readonly Stack[],
  apiStack: Stack,
  resource: string,
): PolicyStatementJson[] {
  const role = functionOf(apiStack, resource).properties.Role as {
    'Fn::GetAtt': [string, string];
  };
  return policyStatements(stacks, { stack: apiStack, logicalId: role['Fn::GetAtt'][0] });
}

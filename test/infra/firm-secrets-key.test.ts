import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { resourceSettings } from '../../infra/resource-permissions';
import { resourcesOf, routes } from '@shared/api/routes';
import {
  functionOf,
  functionStatements,
  logicalIdOf,
  policyStatements,
  resolveReference,
  testDeskline,
} from './support/cdk-test-app';

/* Firm secrets are sealed with a KMS key that only the firms function may use. */

const stacks = testDeskline({
  frameAncestors: ['https://members.example.com'],
  frameSources: ['https://members.example.com'],
});
const allStacks: Stack[] = Object.values(stacks);
const dataTemplate = Template.fromStack(stacks.data);
const keyLogicalId = logicalIdOf(dataTemplate, 'AWS::KMS::Key');
const keyArn = { 'Fn::GetAtt': [keyLogicalId, 'Arn'] };
const kmsActionsOf = (statements: { Action: string[] }[]) =>
  statements.flatMap((statement) => statement.Action).filter((action) => /^kms:/.test(action));

describe('the firm secrets key', () => {
  it('is a customer managed key with yearly rotation, retained with the table', () => {
    dataTemplate.hasResource('AWS::KMS::Key', {
      Properties: { EnableKeyRotation: true },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('lets the firms function generate data keys and decrypt them, on that key only, with a firm as context', () => {
    const statements = functionStatements(allStacks, stacks.api, 'firms').filter(
      (statement) => kmsActionsOf([statement]).length > 0,
    );

    expect(statements).toHaveLength(1);
    expect(statements[0]!.Action.sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
    expect(resolveReference(allStacks, stacks.api, statements[0]!.Resource)).toEqual({
      stack: stacks.data,
      value: keyArn,
    });
    expect(statements[0]!.Condition).toEqual({
      Null: { 'kms:EncryptionContext:firmId': 'false' },
    });
    const variables = (
      functionOf(stacks.api, 'firms').properties.Environment as {
        Variables: Record<string, unknown>;
      }
    ).Variables;
    expect(resolveReference(allStacks, stacks.api, variables.FIRM_SECRETS_KEY_ID)?.value).toEqual(
      keyArn,
    );
  });

  it.each(resourcesOf(routes).filter((resource) => resource !== 'firms'))(
    'gives the %s function no KMS action and no key',
    (resource) => {
      expect(kmsActionsOf(functionStatements(allStacks, stacks.api, resource))).toEqual([]);
      const { Environment } = functionOf(stacks.api, resource).properties as {
        Environment: { Variables: Record<string, unknown> };
      };
      expect(Environment.Variables).not.toHaveProperty('FIRM_SECRETS_KEY_ID');
    },
  );

  it('grants kms:Decrypt to no role but the firms function’s, in any stack', () => {
    const firmsRole = (
      functionOf(stacks.api, 'firms').properties.Role as {
        'Fn::GetAtt': [string, string];
      }
    )['Fn::GetAtt'][0];
    const decrypting = allStacks.flatMap((stack) =>
      Object.entries(Template.fromStack(stack).findResources('AWS::IAM::Policy'))
        .filter(([, policy]) =>
          JSON.stringify(policy.Properties.PolicyDocument).match(/"kms:(Decrypt|\*)"/),
        )
        .map(([, policy]) => ({ stack, roles: policy.Properties.Roles as unknown[] })),
    );

    expect(decrypting).toHaveLength(1);
    expect(decrypting[0]!.stack).toBe(stacks.api);
    expect(decrypting[0]!.roles).toEqual([{ Ref: firmsRole }]);
    expect(kmsActionsOf(policyStatements(allStacks)).sort()).toEqual([
      'kms:Decrypt',
      'kms:GenerateDataKey',
    ]);
    // The key policy trusts the account's IAM policies only (no principal of its own).
    const { KeyPolicy } = Object.values(dataTemplate.findResources('AWS::KMS::Key'))[0]!
      .Properties as { KeyPolicy: { Statement: { Principal: unknown }[] } };
    expect(KeyPolicy.Statement).toHaveLength(1);
    expect(JSON.stringify(KeyPolicy.Statement[0]!.Principal)).toMatch(/:root/);
  });

  it('is only in the firms entry of the permissions map', () => {
    expect(
      Object.entries(resourceSettings)
        .filter(([, settings]) => settings.firmSecrets)
        .map(([resource]) => resource),
    ).toEqual(['firms']);
  });
});

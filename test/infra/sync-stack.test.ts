import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { functionDefaults } from '../../infra/constructs/deskline-function';
import { defaultSyncSchedule, desklineContext } from '../../infra/context';
import { createDeskline } from '../../infra/deskline';
import {
  apiGatewayTimeout,
  resourceSettings,
  tableActions,
} from '../../infra/resource-permissions';
import { scheduledSyncEvent } from '../../infra/sync-stack';
import { resourcesOf, routes, type RouteDefinition } from '../../shared/api/routes';
import {
  fixturesDir,
  functionOf,
  functionStatements,
  isEqual,
  logicalIdOf,
  policyStatements,
  refersTo,
  resourcesOfType,
  testApp,
} from './support/cdk-test-app';

// The real route table's programs, sync and performance entries, served by stub handlers: the api
// stack only needs an entry file per resource.
const fixtureRoutes: RouteDefinition[] = routes.filter((route) =>
  ['programs', 'sync', 'performance'].includes(route.resource),
);

function deskline(context: Record<string, unknown> = {}) {
  const app = testApp();
  for (const [key, value] of Object.entries(context)) app.node.setContext(key, value);
  const stacks = createDeskline(app, {
    env: { region: 'eu-west-1' },
    routes: fixtureRoutes,
    webAssetsDir: path.join(fixturesDir, 'web'),
    functionsDir: path.join(fixturesDir, 'functions'),
    ...desklineContext(app),
  });
  const all: Stack[] = Object.values(stacks);
  return {
    stacks,
    all,
    api: Template.fromStack(stacks.api),
    sync: Template.fromStack(stacks.sync),
  };
}

// One synthesized app for most assertions: synthesis is the slow part.
const { stacks, all, api, sync } = deskline();
const syncFunction = functionOf(stacks.api, 'sync');
const isSyncFunction = (value: unknown, attribute?: string) =>
  refersTo(all, stacks.sync, value, {
    stack: stacks.api,
    logicalId: syncFunction.logicalId,
    attribute,
  });

/** The one rule of the sync stack and its one target. */
function scheduleRule() {
  const rules = Object.values(resourcesOfType(sync, 'AWS::Events::Rule'));
  expect(rules).toHaveLength(1);
  const rule = rules[0]!.Properties as {
    ScheduleExpression: string;
    State: string;
    Targets: {
      Arn: unknown;
      Input: string;
      RetryPolicy: { MaximumRetryAttempts: number; MaximumEventAgeInSeconds: number };
      DeadLetterConfig: { Arn: unknown };
    }[];
  };
  expect(rule.Targets).toHaveLength(1);
  return { ...rule, target: rule.Targets[0]! };
}

const queueArn = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });
const queueLogicalIds = Object.keys(resourcesOfType(sync, 'AWS::SQS::Queue'));

describe('daily sync schedule', () => {
  it('runs daily at 23:30 UTC by default', () => {
    const rule = scheduleRule();
    expect(defaultSyncSchedule).toBe('cron(30 23 * * ? *)');
    expect(rule.ScheduleExpression).toBe('cron(30 23 * * ? *)');
    expect(rule.State).toBe('ENABLED');
  });

  it('runs on the schedule of the deskline:syncSchedule context, and mails deskline:alarmEmail', () => {
    const custom = deskline({
      'deskline:syncSchedule': 'cron(0 6 ? * MON-FRI *)',
      'deskline:alarmEmail': 'ops@example.com',
    });

    custom.sync.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 6 ? * MON-FRI *)',
    });
    custom.sync.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: logicalIdOf(custom.sync, 'AWS::SNS::Topic') },
    });
  });

  it('mails nobody when no alarm email is given', () => {
    sync.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('invokes the api stack’s sync function with a run over the latest date', () => {
    const { target } = scheduleRule();

    expect(isSyncFunction(target.Arn, 'Arn')).toBe(true);
    expect(JSON.parse(target.Input)).toEqual({ kind: 'sync-schedule', count: 1 });
    expect(scheduledSyncEvent).toEqual({ kind: 'sync-schedule', count: 1 });
  });

  it('lets EventBridge invoke the function from this rule only', () => {
    const ruleLogicalId = logicalIdOf(sync, 'AWS::Events::Rule');
    const permissions = Object.values(resourcesOfType(sync, 'AWS::Lambda::Permission'));

    expect(permissions).toHaveLength(1);
    expect(permissions[0]!.Properties).toMatchObject({
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [ruleLogicalId, 'Arn'] },
    });
    expect(isSyncFunction(permissions[0]!.Properties.FunctionName, 'Arn')).toBe(true);
  });

  it('retries an undeliverable event, then sends it to a dead-letter queue EventBridge may write', () => {
    const { target } = scheduleRule();
    const ruleLogicalId = logicalIdOf(sync, 'AWS::Events::Rule');

    expect(target.RetryPolicy.MaximumRetryAttempts).toBeGreaterThanOrEqual(1);
    expect(target.RetryPolicy.MaximumEventAgeInSeconds).toBeGreaterThan(0);
    const dlq = queueLogicalIds.find((id) => isEqual(target.DeadLetterConfig.Arn, queueArn(id)));
    expect(dlq).toBeDefined();
    sync.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: dlq }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'events.amazonaws.com' },
            Action: 'sqs:SendMessage',
            Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [ruleLogicalId, 'Arn'] } } },
          }),
        ]),
      },
    });
  });
});

describe('asynchronous invocations of the sync function', () => {
  const configs = Object.entries(resourcesOfType(sync, 'AWS::Lambda::EventInvokeConfig'));

  it('are retried twice within two hours, then sent to a dead-letter queue', () => {
    expect(configs).toHaveLength(1);
    const [, config] = configs[0]!;
    const properties = config.Properties as {
      FunctionName: unknown;
      Qualifier: string;
      MaximumRetryAttempts: number;
      MaximumEventAgeInSeconds: number;
      DestinationConfig: { OnFailure: { Destination: unknown } };
    };

    expect(isSyncFunction(properties.FunctionName)).toBe(true);
    // Unqualified invocations (the API's and the schedule's) run $LATEST.
    expect(properties.Qualifier).toBe('$LATEST');
    expect(properties.MaximumRetryAttempts).toBe(2);
    expect(properties.MaximumEventAgeInSeconds).toBe(2 * 60 * 60);
    const failedRuns = queueLogicalIds.find((id) =>
      isEqual(properties.DestinationConfig.OnFailure.Destination, queueArn(id)),
    );
    expect(failedRuns).toBeDefined();
    expect(failedRuns).not.toBe(
      queueLogicalIds.find((id) =>
        isEqual(scheduleRule().target.DeadLetterConfig.Arn, queueArn(id)),
      ),
    );
  });

  it('may reach their dead-letter queue: the role may send to it before the config exists', () => {
    const [, config] = configs[0]!;
    const destination = (
      config.Properties as { DestinationConfig: { OnFailure: { Destination: unknown } } }
    ).DestinationConfig.OnFailure.Destination;
    const statements = functionStatements(all, stacks.api, 'sync');

    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Action: ['sqs:SendMessage'],
        Resource: destination,
      }),
    );
    // Lambda checks the role's permission when the config is created.
    const policyLogicalId = logicalIdOf(sync, 'AWS::IAM::Policy');
    expect((config as { DependsOn?: string[] }).DependsOn).toContain(policyLogicalId);
  });
});

describe('dead-letter queues', () => {
  it('are two, encrypted, and keep messages for 14 days', () => {
    expect(queueLogicalIds).toHaveLength(2);
    const queues = resourcesOfType(sync, 'AWS::SQS::Queue');
    for (const logicalId of queueLogicalIds) {
      expect(queues[logicalId]!.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 14 * 24 * 60 * 60,
      });
      sync.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: logicalId }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });

  it.each(queueLogicalIds)(
    '%s raises an alarm to the topic as soon as it holds a message',
    (logicalId) => {
      const topicLogicalId = logicalIdOf(sync, 'AWS::SNS::Topic');
      const alarms = Object.values(resourcesOfType(sync, 'AWS::CloudWatch::Alarm')).filter(
        (alarm) =>
          isEqual(alarm.Properties.Dimensions, [
            { Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId, 'QueueName'] } },
          ]),
      );

      expect(alarms).toHaveLength(1);
      const alarm = alarms[0]!.Properties as {
        Namespace: string;
        MetricName: string;
        Threshold: number;
        ComparisonOperator: string;
        AlarmActions: unknown[];
      };
      expect(alarm).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [{ Ref: topicLogicalId }],
      });
      expect(alarm.Threshold).toBe(1);
    },
  );
});

describe('sync function', () => {
  it('runs for up to 15 minutes on one vCPU', () => {
    expect(syncFunction.properties).toMatchObject({ Timeout: 900, MemorySize: 1769 });
  });

  it('knows its own name, and may invoke itself by it', () => {
    const environment = (
      syncFunction.properties.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    const name = syncFunction.properties.FunctionName;

    expect(name).toBe('Deskline-Api-sync');
    expect(environment.SYNC_FUNCTION_NAME).toBe(name);
    expect(functionStatements(all, stacks.api, 'sync')).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Action: ['lambda:InvokeFunction'],
        Resource: {
          'Fn::Join': [
            '',
            ['arn:aws:lambda:eu-west-1:', { Ref: 'AWS::AccountId' }, ':function:Deskline-Api-sync'],
          ],
        },
      }),
    );
  });

  it('reads the broker files and writes the table', () => {
    const actions = functionStatements(all, stacks.api, 'sync').flatMap((s) => s.Action);

    expect(actions).toEqual(expect.arrayContaining(['s3:GetObject*', 's3:List*']));
    expect(actions).toEqual(expect.arrayContaining([...tableActions.readWrite]));
    expect(actions.filter((action) => /^s3:(Put|Delete)/.test(action))).toEqual([]);
  });

  it('is the only function that may invoke functions', () => {
    for (const resource of resourcesOf(fixtureRoutes).filter((name) => name !== 'sync')) {
      const actions = functionStatements(all, stacks.api, resource).flatMap((s) => s.Action);
      expect(actions.filter((action) => action.startsWith('lambda:'))).toEqual([]);
    }
  });
});

describe('every stack', () => {
  it('allows no dynamodb:Scan in any policy', () => {
    const actions = policyStatements(all).flatMap((statement) => statement.Action);

    expect(actions.some((action) => action.startsWith('dynamodb:'))).toBe(true);
    expect(actions.filter((action) => /^dynamodb:(Scan|\*)$/.test(action))).toEqual([]);
    // Inline role policies and custom resources' policies too.
    for (const stack of all) {
      expect(JSON.stringify(Template.fromStack(stack).toJSON())).not.toMatch(/dynamodb:(Scan|\*)/);
    }
  });

  it('keeps the api stack free of references to the sync stack', () => {
    expect(stacks.api.dependencies).not.toContain(stacks.sync);
    expect(JSON.stringify(api.toJSON())).not.toContain(stacks.sync.stackName);
  });
});

describe('runtime settings', () => {
  it.each(resourcesOf(fixtureRoutes))(
    'the %s function runs with its entry’s settings',
    (resource) => {
      const settings = resourceSettings[resource]!;
      const { properties } = functionOf(stacks.api, resource);

      expect(properties.MemorySize).toBe(settings.memorySize ?? functionDefaults.memorySize);
      expect(properties.Timeout).toBe((settings.timeout ?? functionDefaults.timeout).toSeconds());
    },
  );

  it('gives performance as long as API Gateway waits, and no longer', () => {
    expect(functionOf(stacks.api, 'performance').properties.Timeout).toBe(
      apiGatewayTimeout.toSeconds(),
    );
    expect(functionStatements(all, stacks.api, 'performance').flatMap((s) => s.Action)).toEqual(
      expect.arrayContaining([...tableActions.readWrite]),
    );
  });
});

import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { functionDefaults } from '../../infra/constructs/deskline-function';
import { defaultSyncSchedule, desklineContext, syncScheduleTimeZone } from '../../infra/context';
import { createDeskline } from '../../infra/deskline';
import {
  apiGatewayTimeout,
  resourceSettings,
  tableActions,
} from '../../infra/resource-permissions';
import {
  completionMarkerPattern,
  defaultShardConcurrency,
  markerMaxReceives,
  markerRetryDelay,
  scheduledSyncEvent,
  stepTimeouts,
  stateMachineArnVariable,
  syncStateMachineName,
} from '../../infra/sync-stack';
import { LEASE_MS } from '../../functions/lib/judging/lock';
import { resourcesOf, routes, type RouteDefinition } from '@shared/api/routes';
import {
  fixturesDir,
  functionOf,
  functionStatements,
  isEqual,
  logicalIdOf,
  policyStatements,
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
const workflowFunction = functionOf(stacks.api, 'sync-workflow');
/** The sync resource's two functions: its HTTP routes, and its workflow's steps and markers. */
const syncResources = ['sync', 'sync-workflow'] as const;

/** The one schedule of the sync stack (EventBridge Scheduler) and its target. */
function syncSchedule(template = sync) {
  const schedules = Object.values(resourcesOfType(template, 'AWS::Scheduler::Schedule'));
  expect(schedules).toHaveLength(1);
  return schedules[0]!.Properties as {
    ScheduleExpression: string;
    ScheduleExpressionTimezone: string;
    FlexibleTimeWindow: { Mode: string };
    State: string;
    Target: {
      Arn: unknown;
      RoleArn: unknown;
      Input: string;
      RetryPolicy: { MaximumRetryAttempts: number; MaximumEventAgeInSeconds: number };
      DeadLetterConfig: { Arn: unknown };
    };
  };
}

/** The rule that queues the completion markers, and its one target. */
function markerRule() {
  const rules = Object.entries(resourcesOfType(sync, 'AWS::Events::Rule'));
  expect(rules).toHaveLength(1);
  const [logicalId, rule] = rules[0]!;
  const properties = rule.Properties as {
    EventPattern: unknown;
    Targets: {
      Arn: unknown;
      RetryPolicy: { MaximumRetryAttempts: number; MaximumEventAgeInSeconds: number };
      DeadLetterConfig: { Arn: unknown };
    }[];
  };
  expect(properties.Targets).toHaveLength(1);
  return { logicalId, ...properties, target: properties.Targets[0]! };
}

const queueArn = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });
const queueLogicalIds = Object.keys(resourcesOfType(sync, 'AWS::SQS::Queue'));
const markerQueueId = queueLogicalIds.find((id) => id.startsWith('CompletionMarkerQueue'))!;
const deadLetterQueueIds = queueLogicalIds.filter((id) => id !== markerQueueId);

describe('daily sync schedule', () => {
  it('runs at 16:30 Chicago time, Monday to Friday, by default: after the CME close, before the 17:00 CT reopen, DST or not', () => {
    const schedule = syncSchedule();
    expect(defaultSyncSchedule).toBe('cron(30 16 ? * MON-FRI *)');
    expect(syncScheduleTimeZone).toBe('America/Chicago');
    expect(schedule).toMatchObject({
      ScheduleExpression: 'cron(30 16 ? * MON-FRI *)',
      ScheduleExpressionTimezone: 'America/Chicago',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
    });
    // No UTC cron rule is left.
    expect(
      Object.values(resourcesOfType(sync, 'AWS::Events::Rule')).filter(
        (rule) => rule.Properties.ScheduleExpression !== undefined,
      ),
    ).toEqual([]);
  });

  it('runs on the schedule of the deskline:syncSchedule context, and mails deskline:alarmEmail', () => {
    const custom = deskline({
      'deskline:syncSchedule': 'cron(0 6 ? * MON-FRI *)',
      'deskline:alarmEmail': 'ops@example.com',
    });

    expect(syncSchedule(custom.sync)).toMatchObject({
      ScheduleExpression: 'cron(0 6 ? * MON-FRI *)',
      ScheduleExpressionTimezone: 'America/Chicago',
    });
    custom.sync.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: logicalIdOf(custom.sync, 'AWS::SNS::Topic') },
    });
  });

  it('mails nobody when deskline:alarmEmail is unset', () => {
    sync.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('starts the sync workflow with a run over the latest date', () => {
    const { Target: target } = syncSchedule();

    expect(target.Arn).toEqual({ Ref: logicalIdOf(sync, 'AWS::StepFunctions::StateMachine') });
    expect(JSON.parse(target.Input)).toEqual({ kind: 'sync-schedule', count: 1 });
    expect(scheduledSyncEvent).toEqual({ kind: 'sync-schedule', count: 1 });
  });

  it('starts the workflow from a role of its own, which may also write its dead-letter queue, and nothing else', () => {
    const { Target: target } = syncSchedule();
    const roles = Object.entries(resourcesOfType(sync, 'AWS::IAM::Role')).filter(([, role]) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    );

    expect(roles).toHaveLength(1);
    const [roleId] = roles[0]!;
    expect(target.RoleArn).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
    const statements = policyStatements([stacks.sync], { stack: stacks.sync, logicalId: roleId });
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: 'Allow',
          Action: ['states:StartExecution'],
          Resource: { Ref: logicalIdOf(sync, 'AWS::StepFunctions::StateMachine') },
        }),
        expect.objectContaining({
          Effect: 'Allow',
          Resource: target.DeadLetterConfig.Arn,
        }),
      ]),
    );
    expect(statements.flatMap((statement) => statement.Action).sort()).toEqual(
      [
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:SendMessage',
        'states:StartExecution',
      ].sort(),
    );
    // The function is not the schedule's target.
    sync.resourceCountIs('AWS::Lambda::Permission', 0);
  });

  it('retries an undeliverable start, then sends it to a dead-letter queue', () => {
    const { Target: target } = syncSchedule();

    expect(target.RetryPolicy.MaximumRetryAttempts).toBeGreaterThanOrEqual(1);
    expect(target.RetryPolicy.MaximumEventAgeInSeconds).toBeGreaterThan(0);
    const dlq = deadLetterQueueIds.find((id) => isEqual(target.DeadLetterConfig.Arn, queueArn(id)));
    expect(dlq).toBeDefined();
  });
});

describe('start by the files (completion marker)', () => {
  it('has the files bucket send its object events to EventBridge', () => {
    Template.fromStack(stacks.data).hasResourceProperties('AWS::S3::Bucket', {
      NotificationConfiguration: { EventBridgeConfiguration: { EventBridgeEnabled: true } },
    });
    expect(completionMarkerPattern).toBe('broker/*/_COMPLETE');
  });

  it('queues the creation of broker/<date>/_COMPLETE in the files bucket, and nothing else', () => {
    const rule = markerRule();
    expect(rule.EventPattern).toEqual({
      source: ['aws.s3'],
      'detail-type': ['Object Created'],
      detail: {
        // The data stack's files bucket, by its name.
        bucket: { name: [expect.any(Object)] },
        object: { key: [{ wildcard: 'broker/*/_COMPLETE' }] },
      },
    });
    expect(JSON.stringify(rule.EventPattern)).toMatch(
      /Deskline-Data.*FilesBucket|FilesBucket.*Deskline-Data/,
    );
    expect(rule.target.Arn).toEqual(queueArn(markerQueueId));
    expect(rule.target.RetryPolicy.MaximumRetryAttempts).toBeGreaterThanOrEqual(1);
    expect(
      deadLetterQueueIds.some((id) => isEqual(rule.target.DeadLetterConfig.Arn, queueArn(id))),
    ).toBe(true);
    sync.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: Match.arrayWith([{ Ref: markerQueueId }]),
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'events.amazonaws.com' },
            Action: Match.anyValue(),
            Condition: {
              ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [rule.logicalId, 'Arn'] } },
            },
          }),
        ]),
      },
    });
  });

  it('keeps a marker whose run cannot start yet: retried every 15 minutes for 4 hours, then dead-lettered', () => {
    const queue = resourcesOfType(sync, 'AWS::SQS::Queue')[markerQueueId]!.Properties as {
      VisibilityTimeout: number;
      RedrivePolicy: { deadLetterTargetArn: unknown; maxReceiveCount: number };
    };
    expect(queue.VisibilityTimeout).toBe(markerRetryDelay.toSeconds());
    // Lambda requires at least the function's timeout.
    expect(queue.VisibilityTimeout).toBeGreaterThanOrEqual(
      workflowFunction.properties.Timeout as number,
    );
    expect(queue.RedrivePolicy.maxReceiveCount).toBe(markerMaxReceives);
    expect(markerMaxReceives * markerRetryDelay.toMinutes()).toBe(4 * 60);
    expect(
      deadLetterQueueIds.some((id) =>
        isEqual(queue.RedrivePolicy.deadLetterTargetArn, queueArn(id)),
      ),
    ).toBe(true);
  });

  it('feeds the sync workflow function one marker at a time, reporting failed items, and lets it read that queue only', () => {
    sync.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: queueArn(markerQueueId),
      FunctionName: Match.anyValue(),
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const policies = Object.values(resourcesOfType(sync, 'AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('sqs:ReceiveMessage'),
    );
    expect(policies).toHaveLength(1);
    expect((policies[0]!.Properties.PolicyDocument as { Statement: unknown }).Statement).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: [
          'sqs:ChangeMessageVisibility',
          'sqs:DeleteMessage',
          'sqs:GetQueueAttributes',
          'sqs:ReceiveMessage',
        ],
        Resource: queueArn(markerQueueId),
      }),
    ]);
  });
});

describe('asynchronous invocations of the sync functions', () => {
  it('are none: the workflow invokes its function synchronously, so it has no async retries or failure queue', () => {
    sync.resourceCountIs('AWS::Lambda::EventInvokeConfig', 0);
    api.resourceCountIs('AWS::Lambda::EventInvokeConfig', 0);
    for (const resource of syncResources) {
      expect(
        functionStatements(all, stacks.api, resource).flatMap((statement) => statement.Action),
      ).not.toContain('sqs:SendMessage');
    }
  });
});

describe('dead-letter queue', () => {
  it('are the schedule’s and the markers’ only, encrypted, and keep messages for 14 days', () => {
    expect(deadLetterQueueIds).toHaveLength(2);
    expect(
      deadLetterQueueIds.some((id) =>
        isEqual(syncSchedule().Target.DeadLetterConfig.Arn, queueArn(id)),
      ),
    ).toBe(true);
    const queues = resourcesOfType(sync, 'AWS::SQS::Queue');
    expect(queues[markerQueueId]!.Properties).toMatchObject({ SqsManagedSseEnabled: true });
    for (const logicalId of deadLetterQueueIds) {
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

  it.each(deadLetterQueueIds)(
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

describe('sync functions', () => {
  it('run the workflow for up to 15 minutes on one vCPU, and the routes as long as API Gateway waits', () => {
    expect(workflowFunction.properties).toMatchObject({ Timeout: 900, MemorySize: 1769 });
    expect(syncFunction.properties).toMatchObject({ Timeout: 29, MemorySize: 1769 });
  });

  it('give the workflow function a fixed name, no self-invocation variable, and may invoke no function', () => {
    expect(workflowFunction.properties.FunctionName).toBe('Deskline-Api-sync-workflow');
    for (const resource of syncResources) {
      const environment = (
        functionOf(stacks.api, resource).properties.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
      expect(environment).not.toHaveProperty('SYNC_FUNCTION_NAME');
      const actions = functionStatements(all, stacks.api, resource).flatMap((s) => s.Action);
      expect(actions.filter((action) => action.startsWith('lambda:'))).toEqual([]);
    }
  });

  it.each(syncResources)('%s reads the broker files and writes the table', (resource) => {
    const actions = functionStatements(all, stacks.api, resource).flatMap((s) => s.Action);

    expect(actions).toEqual(expect.arrayContaining(['s3:GetObject*', 's3:List*']));
    expect(actions).toEqual(expect.arrayContaining([...tableActions.readWrite]));
    expect(actions.filter((action) => /^s3:(Put|Delete)/.test(action))).toEqual([]);
  });

  it('is, like every function, forbidden to invoke functions', () => {
    for (const resource of resourcesOf(fixtureRoutes)) {
      const actions = functionStatements(all, stacks.api, resource).flatMap((s) => s.Action);
      expect(actions.filter((action) => action.startsWith('lambda:'))).toEqual([]);
    }
  });
});

/** The workflow's definition, its references replaced by `<ref>`. */
function workflowDefinition(): {
  StartAt: string;
  TimeoutSeconds?: number;
  States: Record<string, Record<string, unknown>>;
} {
  const machine = Object.values(resourcesOfType(sync, 'AWS::StepFunctions::StateMachine'))[0]!;
  const body = machine.Properties.DefinitionString as { 'Fn::Join': [string, unknown[]] };
  const text = body['Fn::Join'][1]
    .map((part) => (typeof part === 'string' ? part : '<ref>'))
    .join('');
  return JSON.parse(text) as ReturnType<typeof workflowDefinition>;
}

interface Retrier {
  ErrorEquals: string[];
  IntervalSeconds?: number;
  BackoffRate?: number;
  MaxAttempts?: number;
  MaxDelaySeconds?: number;
  JitterStrategy?: string;
}

describe('sync workflow (Step Functions)', () => {
  const machineId = logicalIdOf(sync, 'AWS::StepFunctions::StateMachine');
  const machine = resourcesOfType(sync, 'AWS::StepFunctions::StateMachine')[machineId]!;
  const definition = workflowDefinition();
  const shards = definition.States.Shards as {
    Type: string;
    ItemsPath: string;
    MaxConcurrency: number;
    ResultPath: unknown;
    ItemProcessor: {
      ProcessorConfig: { Mode: string; ExecutionType: string };
      StartAt: string;
      States: Record<string, Record<string, unknown>>;
    };
    Next: string;
    Catch: unknown[];
  };
  const tasks = {
    Plan: definition.States.Plan!,
    Shard: shards.ItemProcessor.States.Shard!,
    Finish: definition.States.Finish!,
  };

  it('is a Standard workflow of a fixed name, logged and traced', () => {
    expect(machine.Properties).toMatchObject({
      StateMachineName: syncStateMachineName,
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL' },
    });
  });

  it('plans, skips when another run holds the lock, maps the shards, then finishes', () => {
    expect(definition.StartAt).toBe('Plan');
    expect(tasks.Plan).toMatchObject({
      Type: 'Task',
      // The function itself (the payload is the event, its answer the state's output).
      Resource: '<ref>',
      Parameters: { kind: 'sync-plan', 'input.$': '$' },
      Next: 'AnotherRunHoldsTheLock',
    });
    expect(definition.States.AnotherRunHoldsTheLock).toMatchObject({
      Type: 'Choice',
      Choices: [{ Variable: '$.skipped', BooleanEquals: true, Next: 'Skipped' }],
      Default: 'Shards',
    });
    expect(definition.States.Skipped).toMatchObject({ Type: 'Succeed' });
    expect(shards).toMatchObject({
      Type: 'Map',
      ItemsPath: '$.shards',
      MaxConcurrency: defaultShardConcurrency,
      ItemProcessor: {
        ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' },
        StartAt: 'Shard',
      },
      Next: 'Finish',
    });
    // The shards' outcomes are stored with the run, not carried in the state (256 KB).
    expect(shards.ResultPath).toBeNull();
    expect(tasks.Shard).toMatchObject({ Type: 'Task', Resource: '<ref>', End: true });
    expect(tasks.Shard.Parameters).toBeUndefined();
    expect(tasks.Finish).toMatchObject({
      Parameters: { kind: 'sync-finish', 'runId.$': '$.runId' },
      End: true,
    });
    const machineText = JSON.stringify(machine.Properties.DefinitionString);
    expect(machineText).toContain(workflowFunction.logicalId);
    expect(machineText).not.toContain(syncFunction.logicalId);
  });

  it.each(Object.keys(tasks))(
    '%s retries throttling with backoff and jitter, never a lost lease, then any error twice',
    (name) => {
      const retry = tasks[name as keyof typeof tasks].Retry as Retrier[];

      expect(retry).toHaveLength(3);
      expect(retry[0]!.ErrorEquals).toEqual(
        expect.arrayContaining([
          'DynamoDB.ProvisionedThroughputExceededException',
          'ProvisionedThroughputExceededException',
          'ThrottlingException',
          'Lambda.TooManyRequestsException',
          'Lambda.ServiceException',
          'Lambda.AWSLambdaException',
          'Lambda.SdkClientException',
        ]),
      );
      expect(retry[0]).toMatchObject({ BackoffRate: 2, JitterStrategy: 'FULL' });
      expect(retry[0]!.MaxAttempts).toBeGreaterThanOrEqual(3);
      expect(retry[1]).toEqual({ ErrorEquals: ['LeaseLostError'], MaxAttempts: 0 });
      expect(retry[2]).toMatchObject({ ErrorEquals: ['States.ALL'], MaxAttempts: 2 });
      expect(retry[2]!.IntervalSeconds).toBeGreaterThan(retry[0]!.IntervalSeconds!);
      // No wait between tries outlives the run's lease (90 s), which the next try renews at once.
      for (const retrier of [retry[0]!, retry[2]!]) {
        expect(retrier.MaxDelaySeconds).toBeLessThan(LEASE_MS / 1000);
        expect(
          retrier.IntervalSeconds! * retrier.BackoffRate! ** (retrier.MaxAttempts! - 1),
        ).toBeLessThan(LEASE_MS / 1000);
      }
    },
  );

  it('fails a hung step after its timeout (then its retries, then the Catch that marks the run failed)', () => {
    expect(tasks.Plan.TimeoutSeconds).toBe(stepTimeouts.plan.toSeconds());
    expect(tasks.Shard.TimeoutSeconds).toBe(stepTimeouts.shard.toSeconds());
    expect(tasks.Finish.TimeoutSeconds).toBe(stepTimeouts.finish.toSeconds());
    expect(definition.States.MarkRunFailed!.TimeoutSeconds).toBe(stepTimeouts.fail.toSeconds());
    // A shard outlives the function's own 15 minutes only by the invocation's overhead.
    expect(tasks.Shard.TimeoutSeconds).toBeGreaterThan(
      workflowFunction.properties.Timeout as number,
    );
    expect(tasks.Shard.TimeoutSeconds).toBeLessThanOrEqual(17 * 60);
  });

  it('catches a failure of plan, shards or finish: the run is marked failed, then the execution fails', () => {
    for (const state of [tasks.Plan, shards, tasks.Finish]) {
      expect(state.Catch).toEqual([
        { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'MarkRunFailed' },
      ]);
    }
    expect(definition.States.MarkRunFailed).toMatchObject({
      Parameters: { kind: 'sync-fail', 'input.$': '$' },
      ResultPath: null,
      Next: 'SyncFailed',
    });
    expect((definition.States.MarkRunFailed!.Retry as Retrier[])[0]!.ErrorEquals).toContain(
      'ThrottlingException',
    );
    expect(definition.States.SyncFailed).toMatchObject({ Type: 'Fail' });
  });

  it('may invoke the sync function and run its own shards, and nothing else', () => {
    const roleId = (machine.Properties.RoleArn as { 'Fn::GetAtt': [string, string] })[
      'Fn::GetAtt'
    ][0];
    const statements = policyStatements([stacks.sync], { stack: stacks.sync, logicalId: roleId });
    const actions = statements.flatMap((statement) => statement.Action);

    const invoke = statements.filter((statement) =>
      statement.Action.includes('lambda:InvokeFunction'),
    );
    expect(invoke).toHaveLength(1);
    for (const resource of [invoke[0]!.Resource].flat()) {
      const arn = JSON.stringify(resource);
      expect(arn).toContain(workflowFunction.logicalId);
    }
    const start = statements.find((statement) =>
      statement.Action.includes('states:StartExecution'),
    );
    expect(start?.Resource).toEqual({ Ref: machineId });
    expect(actions.filter((action) => /^(dynamodb|s3|sqs|sns):/.test(action))).toEqual([]);
    expect(actions.filter((action) => action.endsWith(':*') || action === '*')).toEqual([]);
    // Child executions may be described and stopped only as executions of this workflow.
    for (const statement of statements.filter((entry) =>
      entry.Action.some((action) => /^states:(DescribeExecution|StopExecution)$/.test(action)),
    )) {
      expect(JSON.stringify(statement.Resource)).toContain(':execution:');
      expect(JSON.stringify(statement.Resource)).toContain(machineId);
    }
  });

  it.each(syncResources)(
    'gives %s the workflow’s ARN by its fixed name, and the right to start it only',
    (resource) => {
      const environment = (
        functionOf(stacks.api, resource).properties.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
      expect(environment[stateMachineArnVariable]).toEqual({
        'Fn::Join': [
          '',
          [
            'arn:aws:states:eu-west-1:',
            { Ref: 'AWS::AccountId' },
            `:stateMachine:${syncStateMachineName}`,
          ],
        ],
      });
      const starts = functionStatements(all, stacks.api, resource).filter((statement) =>
        statement.Action.some((action) => action.startsWith('states:')),
      );
      expect(starts).toHaveLength(1);
      expect(starts[0]!.Action).toEqual(['states:StartExecution']);
      expect(isEqual(starts[0]!.Resource, { Ref: machineId })).toBe(true);
    },
  );
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

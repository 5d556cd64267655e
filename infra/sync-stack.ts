import {
  ArnFormat,
  CfnOutput,
  Duration,
  RemovalPolicy,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Metric,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { Policy, PolicyStatement, Role, ServicePrincipal, type IRole } from 'aws-cdk-lib/aws-iam';
import {
  EventSourceMapping,
  Function as LambdaFunctionResource,
  type IFunction,
} from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { FilterPattern, LogGroup, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import {
  Choice,
  Condition,
  DefinitionBody,
  DistributedMap,
  Fail,
  JitterType,
  JsonPath,
  LogLevel,
  StateMachine,
  StateMachineType,
  Succeed,
  TaskInput,
  Timeout,
  type RetryProps,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import { defaultSyncSchedule, syncScheduleTimeZone } from './context';
import { workflowDeliveryAcknowledgement } from './nag-suppressions';

/** What the schedule starts the sync workflow with: a run over the latest trading date. */
export const scheduledSyncEvent = { kind: 'sync-schedule', count: 1 } as const;

/**
 * EventBridge's retries when it cannot start the sync workflow at all (throttled StartExecution,
 * missing permission); what it gives up on goes to the undelivered-schedule queue.
 */
export const scheduleDelivery = { retryAttempts: 3, maxEventAge: Duration.hours(2) } as const;

/**
 * The completion marker the broker (or an operator) writes once a day's files are all in the bucket
 * (docs/sync-at-scale.md): `broker/<YYYYMMDD>/_COMPLETE`. Its creation starts a run of that date.
 */
export const completionMarkerPattern = 'broker/*/_COMPLETE';

/**
 * A marker whose run could not start (another run holds the lock) comes back after the queue's
 * visibility timeout, which Lambda requires to be at least the function's timeout (15 min); after
 * this many receives (4 hours) it goes to the marker dead-letter queue, which raises an alarm.
 */
export const markerMaxReceives = 16;
export const markerRetryDelay = Duration.minutes(15);

/**
 * The longest a step may take before the workflow fails it (States.Timeout, then its retries and
 * the Catch that records the run as failed): a hung step never holds a run for longer. The plan
 * lists folders; a shard is bounded by Lambda's own 15 minutes; the finish writes the dates' items.
 */
export const stepTimeouts = {
  plan: Duration.minutes(5),
  shard: Duration.minutes(16),
  finish: Duration.minutes(16),
  fail: Duration.minutes(2),
} as const;

/**
 * What the sync functions log when a run ends failed (functions/sync/sharded-run.ts,
 * functions/lib/judging/lock.ts): a step that still fails after the workflow's retries goes to its
 * Catch, which records the run as failed. "sync run abandoned" is a run found dead (its lock
 * expired) by the next one or by the runs page.
 */
export const failedRunLogMessages = ['sync run failed', 'sync run abandoned'] as const;
export const failedRunsMetric = { namespace: 'Deskline', metricName: 'FailedSyncRuns' } as const;

/**
 * The sync workflow's name, fixed so the api stack's sync functions know its ARN without a reference
 * to this stack (which deploys after it).
 */
export const syncStateMachineName = 'Deskline-NightlyDataSync';
/** The sync functions' environment variable with the workflow's ARN (functions/sync/runs.ts). */
export const stateMachineArnVariable = 'SYNC_STATE_MACHINE_ARN';
/** Shards running at once: 8 saturate the table's default 40,000 WRU/s (docs/sync-at-scale.md §4). */
export const defaultShardConcurrency = 16;

/**
 * Errors retried with backoff: throttling of the table (the function's SDK gives up after its own
 * retries and the error's name is the task's Error) and Lambda's own service errors and throttling.
 */
export const throttlingErrors = [
  'ProvisionedThroughputExceededException',
  'DynamoDB.ProvisionedThroughputExceededException',
  'ThrottlingException',
  'DynamoDB.ThrottlingException',
  'RequestLimitExceeded',
  'Lambda.TooManyRequestsException',
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.ClientExecutionTimeoutException',
] as const;

/** Throttling: 2 s, doubling, full jitter, six times (≈ 2 minutes in all). */
export const throttlingRetry: RetryProps = {
  errors: [...throttlingErrors],
  interval: Duration.seconds(2),
  backoffRate: 2,
  maxAttempts: 6,
  maxDelay: Duration.seconds(45),
  jitterStrategy: JitterType.FULL,
};

/**
 * Any other failure of a step (a timeout, a reset connection): tried twice more after 20 s then
 * 40 s. A shard is a Map item of its own, so only the shard that failed runs again. Every wait stays
 * well inside the run's 90 s lease (functions/lib/judging/lock.ts), which the retried step renews at once.
 * A lost lease (another run took over) is not retried: the run is over.
 */
export const stepRetry: RetryProps = {
  errors: ['States.ALL'],
  interval: Duration.seconds(20),
  backoffRate: 2,
  maxAttempts: 2,
  maxDelay: Duration.seconds(45),
};
export const lostLeaseErrors = ['LeaseLostError'] as const;

export interface SyncStackProps extends StackProps {
  /**
   * The api stack's sync function, behind the sync routes: POST /api/sync/daily-update starts the
   * workflow.
   */
  readonly syncFunction: IFunction;
  /**
   * The api stack's sync workflow function (functions/sync/workflow.ts): the workflow's steps and
   * the completion-marker queue, which starts the workflow too.
   */
  readonly workflowFunction: IFunction;
  /**
   * EventBridge Scheduler cron expression in the firm's time zone ({@link syncScheduleTimeZone}).
   * @default {@link defaultSyncSchedule} (16:30 Chicago time, Monday to Friday)
   */
  readonly schedule?: string;
  /** The broker files bucket: a completion marker written there starts a run of its date. */
  readonly filesBucket: IBucket;
  /** Subscribed to the alarm topic when given. */
  readonly alarmEmail?: string;
  /** Shards the workflow runs at once. @default {@link defaultShardConcurrency} */
  readonly shardConcurrency?: number;
}

/**
 * The nightly daily sync: the workflow that runs every sync (scheduled or started by
 * POST /api/sync/daily-update), the schedule, a dead-letter queue for a schedule that could not
 * start it, and alarms. It only references the api stack, never the reverse, so the api stack
 * deploys first and knows nothing of it.
 */
export class SyncStack extends Stack {
  constructor(scope: Construct, id: string, props: SyncStackProps) {
    super(scope, id, props);
    const { syncFunction, workflowFunction } = props;

    const undeliveredSchedule = this.deadLetterQueue('UndeliveredScheduleQueue');

    const stateMachine = this.syncWorkflow(workflowFunction, props.shardConcurrency);

    this.schedule(stateMachine, undeliveredSchedule, props.schedule ?? defaultSyncSchedule);
    const undeliveredMarkers = this.deadLetterQueue('UndeliveredMarkerQueue');
    this.completionTrigger(
      workflowFunction,
      props.filesBucket,
      undeliveredSchedule,
      undeliveredMarkers,
    );

    // POST /api/sync/daily-update and a completion marker start an execution: each function may
    // start this workflow only, and finds it by its fixed name (pseudo parameters only: no
    // reference to this stack).
    const httpFunction = lambdaFunction(syncFunction);
    const stepsFunction = lambdaFunction(workflowFunction);
    const starters = [httpFunction, stepsFunction];
    new Policy(this, 'StartSyncWorkflowPolicy', {
      roles: starters.map(roleOf),
      statements: [
        new PolicyStatement({
          actions: ['states:StartExecution'],
          resources: [stateMachine.stateMachineArn],
        }),
      ],
    });
    for (const starter of starters) {
      starter.addEnvironment(
        stateMachineArnVariable,
        Stack.of(starter).formatArn({
          service: 'states',
          resource: 'stateMachine',
          resourceName: syncStateMachineName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      );
    }

    const alarmTopic = new Topic(this, 'AlarmTopic', {
      displayName: 'Deskline sync alarms',
      enforceSSL: true,
    });
    if (props.alarmEmail) alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    this.alarmOn(
      undeliveredSchedule,
      'UndeliveredScheduleAlarm',
      'EventBridge could not start the daily sync: the undelivered event is in the queue.',
      alarmTopic,
    );
    this.alarmOn(
      undeliveredMarkers,
      'UndeliveredMarkerAlarm',
      'A completion marker could not start its sync run for 4 hours: the marker event is in the queue.',
      alarmTopic,
    );

    // Runs recorded as failed: counted from both sync functions' structured logs (a failed step is
    // the workflow function's; a run found abandoned may be either's).
    const filters = [
      ['FailedSyncRunsFilter', httpFunction],
      ['FailedSyncRunsWorkflowFilter', stepsFunction],
    ] as const;
    for (const [id, fn] of filters) {
      new MetricFilter(this, id, {
        logGroup: fn.logGroup,
        filterPattern: FilterPattern.any(
          ...failedRunLogMessages.map((message) =>
            FilterPattern.stringValue('$.message', '=', message),
          ),
        ),
        metricNamespace: failedRunsMetric.namespace,
        metricName: failedRunsMetric.metricName,
        metricValue: '1',
      });
    }
    new Alarm(this, 'FailedSyncRunsAlarm', {
      alarmDescription:
        'A sync run ended failed (see the run on the Daily Sync page and its logs).',
      metric: new Metric({
        ...failedRunsMetric,
        period: Duration.minutes(5),
        statistic: Stats.SUM,
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(new SnsAction(alarmTopic));

    new CfnOutput(this, 'UndeliveredScheduleQueueUrl', { value: undeliveredSchedule.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarmTopic.topicArn });
  }

  /**
   * The sync run on Step Functions (docs/sync-at-scale.md): plan → a Distributed Map of shards,
   * `shardConcurrency` at a time → finish; a step that still fails after its retries goes to a Catch
   * that records the run as failed and releases the lock. Every step is the sync workflow function.
   */
  private syncWorkflow(workflowFunction: IFunction, shardConcurrency?: number): StateMachine {
    const step = (
      id: string,
      payload: TaskInput | undefined,
      timeout: Duration,
      comment: string,
    ) => {
      const task = new LambdaInvoke(this, id, {
        lambdaFunction: workflowFunction,
        payload,
        payloadResponseOnly: true,
        // Retries are this workflow's own, below: Lambda's service errors are among them.
        retryOnServiceExceptions: false,
        taskTimeout: Timeout.duration(timeout),
        comment,
      });
      task.addRetry(throttlingRetry);
      // Retriers are tried in order: a lost lease goes straight to the Catch.
      task.addRetry({ errors: [...lostLeaseErrors], maxAttempts: 0 });
      task.addRetry(stepRetry);
      return task;
    };

    const plan = step(
      'Plan',
      TaskInput.fromObject({ kind: 'sync-plan', input: JsonPath.entirePayload }),
      stepTimeouts.plan,
      'Lists the date folders and splits the run into shards by account hash.',
    );
    // No payload: the Map's item (`{ kind: 'sync-shard', runId, index, count }`) is the event.
    const shard = step(
      'Shard',
      undefined,
      stepTimeouts.shard,
      'Ingests and judges the rows of one shard’s accounts, date by date.',
    );
    const finish = step(
      'Finish',
      TaskInput.fromObject({ kind: 'sync-finish', runId: JsonPath.stringAt('$.runId') }),
      stepTimeouts.finish,
      'Merges the shards into the run record, writes DATES and AUDITSTATS, releases the lock.',
    );
    const markFailed = new LambdaInvoke(this, 'MarkRunFailed', {
      lambdaFunction: workflowFunction,
      payload: TaskInput.fromObject({ kind: 'sync-fail', input: JsonPath.entirePayload }),
      payloadResponseOnly: true,
      retryOnServiceExceptions: false,
      resultPath: JsonPath.DISCARD,
      taskTimeout: Timeout.duration(stepTimeouts.fail),
      comment: 'Records the run as failed and releases the lock.',
    });
    markFailed.addRetry(throttlingRetry);
    const failed = markFailed.next(
      new Fail(this, 'SyncFailed', { error: 'SyncFailed', cause: 'A step of the sync failed' }),
    );

    const shards = new DistributedMap(this, 'Shards', {
      itemsPath: JsonPath.stringAt('$.shards'),
      maxConcurrency: shardConcurrency ?? defaultShardConcurrency,
      // Child workflows of the Standard type: a shard may outlast Express's 5 minutes.
      mapExecutionType: StateMachineType.STANDARD,
      resultPath: JsonPath.DISCARD,
      comment: 'One shard per item; a failed shard is retried alone (its task retries).',
    });
    shards.itemProcessor(shard);

    for (const state of [plan, shards, finish]) {
      state.addCatch(failed, { errors: ['States.ALL'], resultPath: '$.error' });
    }

    const definition = plan.next(
      new Choice(this, 'AnotherRunHoldsTheLock')
        .when(
          Condition.booleanEquals('$.skipped', true),
          new Succeed(this, 'Skipped', { comment: 'A sync is already running.' }),
        )
        .otherwise(shards.next(finish)),
    );

    const logs = new LogGroup(this, 'SyncWorkflowLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const machine = new StateMachine(this, 'SyncWorkflow', {
      stateMachineName: syncStateMachineName,
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromChainable(definition),
      // A run of 30 dates at the largest firm stays well inside; a hung execution ends here.
      timeout: Duration.hours(6),
      tracingEnabled: true,
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
    });
    Validations.of(machine.role).acknowledge(workflowDeliveryAcknowledgement);
    return machine;
  }

  /**
   * The nightly start: an EventBridge Scheduler schedule in the firm's time zone, so it stays after
   * the CME close and before the 17:00 CT reopen through DST changes. It starts the workflow from a
   * role of its own; a start it cannot deliver is retried, then sent to the undelivered queue.
   */
  private schedule(stateMachine: StateMachine, undelivered: Queue, expression: string): void {
    const role = new Role(this, 'SyncScheduleRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
      description: 'EventBridge Scheduler: starts the nightly sync workflow',
    });
    stateMachine.grantStartExecution(role);
    // Scheduler writes an undeliverable start to the dead-letter queue with the schedule's role.
    undelivered.grantSendMessages(role);
    new CfnSchedule(this, 'DailySyncSchedule', {
      description: 'Deskline: the daily sync of the latest broker files, in the firm’s time',
      scheduleExpression: expression,
      scheduleExpressionTimezone: syncScheduleTimeZone,
      flexibleTimeWindow: { mode: 'OFF' },
      state: 'ENABLED',
      target: {
        arn: stateMachine.stateMachineArn,
        roleArn: role.roleArn,
        input: JSON.stringify(scheduledSyncEvent),
        retryPolicy: {
          maximumRetryAttempts: scheduleDelivery.retryAttempts,
          maximumEventAgeInSeconds: scheduleDelivery.maxEventAge.toSeconds(),
        },
        deadLetterConfig: { arn: undelivered.queueArn },
      },
    });
  }

  /**
   * The start by the files: S3 sends the creation of a completion marker (`broker/<date>/_COMPLETE`)
   * to EventBridge; a rule queues it; the sync workflow function takes it from the queue and starts a run of
   * that date (functions/sync/files-trigger.ts). While another run holds the lock the message comes
   * back later (the queue keeps it, so a marker's run is never lost), and after
   * {@link markerMaxReceives} tries goes to its dead-letter queue.
   */
  private completionTrigger(
    workflowFunction: IFunction,
    filesBucket: IBucket,
    undeliveredEvents: Queue,
    undeliveredMarkers: Queue,
  ): void {
    const markers = new Queue(this, 'CompletionMarkerQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: markerRetryDelay,
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: undeliveredMarkers, maxReceiveCount: markerMaxReceives },
    });
    new Rule(this, 'CompletionMarkerRule', {
      description: 'Deskline: a day’s broker files are complete (its _COMPLETE marker was written)',
      eventPattern: {
        source: ['aws.s3'],
        detailType: ['Object Created'],
        detail: {
          bucket: { name: [filesBucket.bucketName] },
          object: { key: [{ wildcard: completionMarkerPattern }] },
        },
      },
      targets: [new SqsQueue(markers, { deadLetterQueue: undeliveredEvents, ...scheduleDelivery })],
    });
    // In this stack, not through the function's own grants: the api stack knows nothing of this one.
    new EventSourceMapping(this, 'CompletionMarkerSource', {
      target: workflowFunction,
      eventSourceArn: markers.queueArn,
      batchSize: 1,
      reportBatchItemFailures: true,
    });
    new Policy(this, 'ConsumeCompletionMarkersPolicy', {
      roles: [roleOf(workflowFunction)],
      statements: [
        new PolicyStatement({
          actions: [
            'sqs:ReceiveMessage',
            'sqs:DeleteMessage',
            'sqs:GetQueueAttributes',
            'sqs:ChangeMessageVisibility',
          ],
          resources: [markers.queueArn],
        }),
      ],
    });
  }

  /** Encrypted with SQS's own keys, which EventBridge and Lambda may use without a key policy. */
  private deadLetterQueue(id: string): Queue {
    return new Queue(this, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // The longest SQS allows: time to read what failed and run it again.
      retentionPeriod: Duration.days(14),
    });
  }

  private alarmOn(queue: Queue, id: string, description: string, topic: Topic): void {
    const alarm = new Alarm(this, id, {
      alarmDescription: description,
      metric: queue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: Stats.MAXIMUM,
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      // SQS stops sending metrics for a queue idle for hours: silence means empty.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(topic));
  }
}

/** A sync function as a Lambda Function, whose environment and log group are known. */
function lambdaFunction(fn: IFunction): LambdaFunctionResource {
  if (!(fn instanceof LambdaFunctionResource)) {
    throw new Error('A sync function must be a Lambda Function, whose environment is known.');
  }
  return fn;
}

function roleOf(fn: IFunction): IRole {
  if (!fn.role) throw new Error('A sync function has no execution role to grant to.');
  return fn.role;
}

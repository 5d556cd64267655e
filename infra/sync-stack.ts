import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  EventInvokeConfig,
  Function as LambdaFunctionResource,
  type IDestination,
  type IFunction,
} from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { defaultSyncSchedule } from './context';

/** What the schedule sends the sync function: a run over the latest trading date. */
export const scheduledSyncEvent = { kind: 'sync-schedule', count: 1 } as const;

/**
 * Lambda's handling of the sync function's asynchronous invocations (the schedule's and the runs
 * POST /api/sync/daily-update starts): a run that throws, times out or runs out of memory is tried
 * twice more (Lambda waits 1 then 2 minutes), the same event each time; an event still failing, or
 * older than two hours (three 15-minute attempts fit), goes to the failed-runs queue.
 */
export const syncAsyncInvocation = { retryAttempts: 2, maxEventAge: Duration.hours(2) } as const;

/**
 * EventBridge's retries when it cannot hand the scheduled event to Lambda at all (throttled
 * invoke API, missing permission); what it gives up on goes to the undelivered-schedule queue.
 */
export const scheduleDelivery = { retryAttempts: 3, maxEventAge: Duration.hours(2) } as const;

/**
 * What the sync function logs when a run ends failed (functions/sync/runs.ts): the run's error is
 * caught and recorded, so the invocation itself succeeds and never reaches the failed-runs queue.
 * "sync run abandoned" is a run found dead (its lock expired) by the next one.
 */
export const failedRunLogMessages = ['sync run failed', 'sync run abandoned'] as const;
export const failedRunsMetric = { namespace: 'Deskline', metricName: 'FailedSyncRuns' } as const;

export interface SyncStackProps extends StackProps {
  /** The api stack's sync function: the schedule runs the same code as the sync page. */
  readonly syncFunction: IFunction;
  /** EventBridge cron expression, UTC. @default {@link defaultSyncSchedule} (23:30 daily) */
  readonly schedule?: string;
  /** Subscribed to the alarm topic when given. */
  readonly alarmEmail?: string;
}

/**
 * The nightly daily sync: the schedule, and where a sync that could not run ends up (two
 * dead-letter queues, each with an alarm). It only references the api stack, never the reverse, so
 * the api stack deploys first and knows nothing of it.
 */
export class SyncStack extends Stack {
  constructor(scope: Construct, id: string, props: SyncStackProps) {
    super(scope, id, props);
    const syncFunction = props.syncFunction;
    const syncRole = syncFunction.role;
    if (!syncRole) throw new Error('The sync function has no execution role to grant to.');

    const undeliveredSchedule = this.deadLetterQueue('UndeliveredScheduleQueue');
    const failedRuns = this.deadLetterQueue('FailedRunsQueue');

    new Rule(this, 'DailySyncRule', {
      description: 'Deskline: the daily sync of the latest broker files',
      schedule: Schedule.expression(props.schedule ?? defaultSyncSchedule),
      targets: [
        new LambdaFunction(syncFunction, {
          event: RuleTargetInput.fromObject(scheduledSyncEvent),
          deadLetterQueue: undeliveredSchedule,
          ...scheduleDelivery,
        }),
      ],
    });

    // Lambda sends a failed event to its destination with the function's role and refuses the
    // configuration unless that role may already do so. The role is the api stack's: CDK's
    // SqsDestination would add the grant to the role's policy over there, which would then
    // reference this stack's queue (a cycle). This stack attaches a policy of its own instead.
    const sendFailedRuns = new Policy(this, 'SendFailedRunsPolicy', {
      roles: [syncRole],
      statements: [
        new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [failedRuns.queueArn] }),
      ],
    });
    const onFailure: IDestination = { bind: () => ({ destination: failedRuns.queueArn }) };
    const invokeConfig = new EventInvokeConfig(this, 'SyncAsyncInvokeConfig', {
      function: syncFunction,
      onFailure,
      ...syncAsyncInvocation,
    });
    invokeConfig.node.addDependency(sendFailedRuns);

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
      failedRuns,
      'FailedRunsAlarm',
      'A sync run failed after its retries (error, timeout or memory): its event is in the queue.',
      alarmTopic,
    );

    // Runs recorded as failed: counted from the sync function's structured logs.
    if (!(syncFunction instanceof LambdaFunctionResource)) {
      throw new Error('The sync function must be a Lambda Function, whose log group is known.');
    }
    const failedRunsFilter = new MetricFilter(this, 'FailedSyncRunsFilter', {
      logGroup: syncFunction.logGroup,
      filterPattern: FilterPattern.any(
        ...failedRunLogMessages.map((message) =>
          FilterPattern.stringValue('$.message', '=', message),
        ),
      ),
      metricNamespace: failedRunsMetric.namespace,
      metricName: failedRunsMetric.metricName,
      metricValue: '1',
    });
    new Alarm(this, 'FailedSyncRunsAlarm', {
      alarmDescription:
        'A sync run ended failed (see the run on the Daily Sync page and its logs).',
      metric: failedRunsFilter.metric({ period: Duration.minutes(5), statistic: Stats.SUM }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(new SnsAction(alarmTopic));

    new CfnOutput(this, 'FailedRunsQueueUrl', { value: failedRuns.queueUrl });
    new CfnOutput(this, 'UndeliveredScheduleQueueUrl', { value: undeliveredSchedule.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarmTopic.topicArn });
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

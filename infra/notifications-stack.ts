import { Aws, CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Metric,
  Stats,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  DEFAULT_WEBHOOK_MAX_ATTEMPTS,
  NOTIFICATION_METRICS_NAMESPACE,
  notificationMetrics,
} from '@shared/notifications/operations';
import { DesklineFunction } from './constructs/deskline-function';
import { tableIndexNames } from './data-stack';
import { workflowEntry } from './paths';

/**
 * The queues' names, fixed so the api stack's functions know their URLs from pseudo parameters alone
 * (no reference to this stack, which deploys after it), as the sync workflow's ARN is known.
 */
export const notificationQueueNames = {
  events: 'Deskline-NotificationEvents',
  webhooks: 'Deskline-WebhookDeliveries',
} as const;

/**
 * The API resources whose functions emit events (`emitEvent`): payout transitions, and every path that
 * judges accounts and stores the verdict (the sync, re-judging an account, regenerating days,
 * upgrading a program's accounts). Each gets `EVENT_QUEUE_URL` and SendMessage on that queue only;
 * their workflow functions too. The notifications function itself sends test events to the delivery
 * queue.
 */
export const emitterResources = [
  'payouts',
  'sync',
  'accounts',
  'performance',
  'programs',
  'jobs',
] as const;

/** The notifications function: one batch of queued events or deliveries. */
export const dispatcherTimeout = Duration.minutes(1);
/**
 * A new event whose dispatch keeps failing (the table unreachable) is tried this often, then
 * dead-lettered. A webhook delivery is retried by its own backoff (the message's visibility timeout)
 * up to its attempts; the queue's receive limit leaves room for those and a few failures of the
 * function itself before the message dead-letters.
 */
export const eventMaxReceives = 5;
export const webhookMaxReceives = DEFAULT_WEBHOOK_MAX_ATTEMPTS + 5;

/** SES: who sends the e-mails, and what identity (an address or a domain) SES verifies for it. */
export interface NotificationSender {
  /** `deskline:notifyFromEmail`. @default `notifications@example.com` */
  readonly fromEmail: string;
  /** `deskline:notifyIdentity`: a domain, or the address itself. @default the from address */
  readonly identity?: string;
}

export interface NotificationsStackProps extends StackProps {
  readonly table: ITable;
  /** The api stack's functions, by resource; the notifications resource's among them. */
  readonly functions: ReadonlyMap<string, IFunction>;
  readonly workflowFunctions: ReadonlyMap<string, IFunction>;
  /** The app's address, for the e-mails' links (`deskline:appUrl`, else the distribution's). */
  readonly appUrl: string;
  readonly sender: NotificationSender;
  /** Mailed about the staff events (`deskline:staffNotifyEmails`). @default nobody */
  readonly staffEmails?: readonly string[];
  /** Subscribed to the alarm topic when given. */
  readonly alarmEmail?: string;
  /** Where `notifications/workflow.ts` lives. @default `functions/` of the repository */
  readonly functionsDir?: string;
}

/**
 * The notifications (e-mail and signed webhooks): the event queue the emitters send new events to,
 * the notifications function that dispatches them (e-mails through SES, one webhook delivery per
 * subscribed endpoint) and attempts the deliveries, the delivery queue whose visibility timeout is
 * the retries' backoff, both queues' dead-letter queues, the SES identity, and alarms on dead
 * letters, failed e-mails and events that could not be queued. Like the sync stack it only
 * references the api stack, never the reverse.
 */
export class NotificationsStack extends Stack {
  readonly eventQueue: Queue;
  readonly webhookQueue: Queue;
  readonly dispatcher: DesklineFunction;

  constructor(scope: Construct, id: string, props: NotificationsStackProps) {
    super(scope, id, props);

    const eventDeadLetters = this.deadLetterQueue('NotificationEventDeadLetterQueue');
    const webhookDeadLetters = this.deadLetterQueue('WebhookDeliveryDeadLetterQueue');
    this.eventQueue = new Queue(this, 'NotificationEventQueue', {
      queueName: notificationQueueNames.events,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Lambda asks for six times the function’s timeout (one minute).
      visibilityTimeout: Duration.minutes(6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: eventDeadLetters, maxReceiveCount: eventMaxReceives },
    });
    this.webhookQueue = new Queue(this, 'WebhookDeliveryQueue', {
      queueName: notificationQueueNames.webhooks,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.minutes(6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: webhookDeadLetters, maxReceiveCount: webhookMaxReceives },
    });

    const identityName = props.sender.identity ?? props.sender.fromEmail;
    const identity = new EmailIdentity(this, 'SenderIdentity', {
      identity: identityName.includes('@')
        ? Identity.email(identityName)
        : Identity.domain(identityName),
    });
    const identityArn = this.formatArn({
      service: 'ses',
      resource: 'identity',
      resourceName: identity.emailIdentityName,
    });

    this.dispatcher = new DesklineFunction(this, 'NotificationsFunction', {
      resource: 'notifications-dispatcher',
      entry: workflowEntry('notifications', props.functionsDir),
      timeout: dispatcherTimeout,
      environment: {
        TABLE_NAME: props.table.tableName,
        APP_URL: props.appUrl,
        NOTIFY_FROM_EMAIL: props.sender.fromEmail,
        STAFF_NOTIFY_EMAILS: (props.staffEmails ?? []).join(','),
        WEBHOOK_QUEUE_URL: this.webhookQueue.queueUrl,
      },
    });
    // Reads traders, e-mail preferences and endpoints (GSI1 lists them); writes only the endpoints'
    // partitions (their delivery logs). No Scan, no other write.
    this.dispatcher.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
        resources: [props.table.tableArn, `${props.table.tableArn}/index/${tableIndexNames[0]}`],
      }),
    );
    this.dispatcher.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['WEBHOOK#*'] } },
      }),
    );
    this.dispatcher.addToRolePolicy(
      new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identityArn] }),
    );
    this.webhookQueue.grantSendMessages(this.dispatcher);
    this.dispatcher.addEventSource(
      new SqsEventSource(this.eventQueue, { batchSize: 10, reportBatchItemFailures: true }),
    );
    // One delivery per invocation: a slow endpoint delays no other.
    this.dispatcher.addEventSource(
      new SqsEventSource(this.webhookQueue, { batchSize: 1, reportBatchItemFailures: true }),
    );

    // The emitters send new events; the notifications routes send test deliveries.
    const emitters = emitterResources.flatMap((resource) =>
      [props.functions.get(resource), props.workflowFunctions.get(resource)].filter(
        (fn): fn is IFunction => fn !== undefined,
      ),
    );
    this.allowSending('SendNotificationEventsPolicy', emitters, this.eventQueue, {
      variable: 'EVENT_QUEUE_URL',
      queueName: notificationQueueNames.events,
    });
    const routes = props.functions.get('notifications');
    this.allowSending('SendTestDeliveriesPolicy', routes ? [routes] : [], this.webhookQueue, {
      variable: 'WEBHOOK_QUEUE_URL',
      queueName: notificationQueueNames.webhooks,
    });

    const alarmTopic = new Topic(this, 'AlarmTopic', {
      displayName: 'Deskline notification alarms',
      enforceSSL: true,
    });
    if (props.alarmEmail) alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    const period = Duration.minutes(5);
    const alarm = (id: string, description: string, metric: IMetric) =>
      new Alarm(this, id, {
        alarmDescription: description,
        metric,
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        // SQS stops sending metrics of an idle queue, and the counts exist only when something
        // failed: silence means nothing went wrong.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(new SnsAction(alarmTopic));
    alarm(
      'WebhookDeadLetterAlarm',
      'A webhook delivery message dead-lettered: the notifications function kept failing on it.',
      webhookDeadLetters.metricApproximateNumberOfMessagesVisible({
        period,
        statistic: Stats.MAXIMUM,
      }),
    );
    alarm(
      'NotificationEventDeadLetterAlarm',
      'A notification event dead-lettered: its e-mails and webhooks were not sent.',
      eventDeadLetters.metricApproximateNumberOfMessagesVisible({
        period,
        statistic: Stats.MAXIMUM,
      }),
    );
    alarm(
      'FailedEmailsAlarm',
      'SES refused a notification e-mail (see the notifications function’s logs).',
      new Metric({
        namespace: NOTIFICATION_METRICS_NAMESPACE,
        metricName: notificationMetrics.failedEmails,
        period,
        statistic: Stats.SUM,
      }),
    );
    alarm(
      'UnpublishedEventsAlarm',
      'An emitted event could not be sent to the event queue: nobody was told about it.',
      new Metric({
        namespace: NOTIFICATION_METRICS_NAMESPACE,
        metricName: notificationMetrics.unpublishedEvents,
        period,
        statistic: Stats.SUM,
      }),
    );

    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'AWSLambdaBasicExecutionRole only lets the notifications function write its own logs; its table, queue and SES access are granted one by one.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'Node.js 22 is the runtime the bundles are built and tested for, as every Deskline function.',
      },
    );
    for (const queue of [eventDeadLetters, webhookDeadLetters]) {
      Validations.of(queue).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason:
          'A dead-letter queue itself: nothing reads it automatically, an alarm fires on its first message.',
      });
    }

    new CfnOutput(this, 'SenderIdentityName', { value: identity.emailIdentityName });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarmTopic.topicArn });
  }

  /**
   * Lets functions of the api stack send to a queue of this one: a policy here on their roles, and
   * the queue's URL in their environment, built from their own stack's pseudo parameters and the
   * queue's fixed name (a reference to this stack from the api stack would be a cycle).
   */
  private allowSending(
    id: string,
    functions: readonly IFunction[],
    queue: Queue,
    url: { variable: string; queueName: string },
  ): void {
    if (functions.length === 0) return;
    new Policy(this, id, {
      roles: functions.map(roleOf),
      statements: [
        new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }),
      ],
    });
    for (const fn of functions) {
      if (!('addEnvironment' in fn)) throw new Error('An emitter must be a Lambda Function.');
      (fn as IFunction & { addEnvironment(key: string, value: string): unknown }).addEnvironment(
        url.variable,
        `https://sqs.${Aws.REGION}.${Aws.URL_SUFFIX}/${Aws.ACCOUNT_ID}/${url.queueName}`,
      );
    }
  }

  /** Encrypted with SQS's own keys; kept 14 days, the longest SQS allows. */
  private deadLetterQueue(id: string): Queue {
    return new Queue(this, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
  }
}

function roleOf(fn: IFunction): IRole {
  if (!fn.role) throw new Error('An emitter function has no execution role to grant to.');
  return fn.role;
}

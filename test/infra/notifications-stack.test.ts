import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import {
  emitterResources,
  eventMaxReceives,
  notificationQueueNames,
  webhookMaxReceives,
} from '../../infra/notifications-stack';
import {
  DEFAULT_WEBHOOK_MAX_ATTEMPTS,
  NOTIFICATION_METRICS_NAMESPACE,
  notificationMetrics,
} from '@shared/notifications/operations';
import {
  functionOf,
  functionStatements,
  logicalIdOf,
  policyStatements,
  resourcesOfType,
  testApp,
  testDeskline,
} from './support/cdk-test-app';

const app = testApp();
app.node.setContext('deskline:notifyFromEmail', 'alerts@firm.example.com');
app.node.setContext('deskline:notifyIdentity', 'firm.example.com');
app.node.setContext('deskline:staffNotifyEmails', 'ops@firm.example.com, risk@firm.example.com');
const stacks = testDeskline({ alarmEmail: 'ops@example.com' }, app);
const notifications = stacks.notifications!;
const template = Template.fromStack(notifications);
const allStacks: Stack[] = Object.values(stacks);

const dispatcher = Object.entries(resourcesOfType(template, 'AWS::Lambda::Function')).find(
  ([logicalId]) => logicalId.startsWith('NotificationsFunction'),
)!;

function queueId(name: string): string {
  return logicalIdOf(template, 'AWS::SQS::Queue', { QueueName: name });
}

describe('notifications stack', () => {
  it('queues events and webhook deliveries, each with a dead-letter queue', () => {
    template.resourceCountIs('AWS::SQS::Queue', 4);
    template.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: notificationQueueNames.events,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { maxReceiveCount: eventMaxReceives, deadLetterTargetArn: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: notificationQueueNames.webhooks,
      RedrivePolicy: {
        maxReceiveCount: webhookMaxReceives,
        deadLetterTargetArn: Match.anyValue(),
      },
    });
    // Retries are the delivery's own backoff: the receive limit leaves room for every attempt.
    expect(webhookMaxReceives).toBeGreaterThan(DEFAULT_WEBHOOK_MAX_ATTEMPTS);
  });

  it('runs the dispatcher from both queues, reporting failed records one by one', () => {
    for (const name of Object.values(notificationQueueNames)) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [queueId(name), 'Arn'] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
    const environment = (
      dispatcher[1].Properties.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(environment).toMatchObject({
      NOTIFY_FROM_EMAIL: 'alerts@firm.example.com',
      STAFF_NOTIFY_EMAILS: 'ops@firm.example.com,risk@firm.example.com',
      WEBHOOK_QUEUE_URL: { Ref: queueId(notificationQueueNames.webhooks) },
    });
    // Links lead to the distribution's address (no deskline:appUrl given).
    expect(JSON.stringify(environment.APP_URL)).toMatch(/Distribution|GetStackOutput|ImportValue/);
  });

  it('verifies the SES identity and lets only the dispatcher send from it', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'firm.example.com',
    });
    const sending = policyStatements(allStacks).filter((statement) =>
      statement.Action.some((action) => action.startsWith('ses:')),
    );
    expect(sending).toHaveLength(1);
    expect(sending[0]!.Action).toEqual(['ses:SendEmail']);
    expect(JSON.stringify(sending[0]!.Resource)).toContain(':identity/');
    const roleId = (dispatcher[1].Properties.Role as { 'Fn::GetAtt': [string, string] })[
      'Fn::GetAtt'
    ][0];
    expect(
      policyStatements([notifications], { stack: notifications, logicalId: roleId }),
    ).toContainEqual(sending[0]);
  });

  it('gives each emitter the event queue URL and SendMessage on that queue only', () => {
    const eventQueueArn = { 'Fn::GetAtt': [queueId(notificationQueueNames.events), 'Arn'] };
    for (const resource of emitterResources) {
      const fn = functionOf(stacks.api, resource);
      const variables = (fn.properties.Environment as { Variables: Record<string, unknown> })
        .Variables;
      expect(JSON.stringify(variables.EVENT_QUEUE_URL)).toContain(notificationQueueNames.events);
      const sends = functionStatements(allStacks, stacks.api, resource).filter((statement) =>
        statement.Action.includes('sqs:SendMessage'),
      );
      expect(sends).toEqual([expect.objectContaining({ Resource: eventQueueArn })]);
    }
    // The notifications routes send test deliveries to the delivery queue, not events.
    const routes = functionStatements(allStacks, stacks.api, 'notifications').filter((statement) =>
      statement.Action.includes('sqs:SendMessage'),
    );
    expect(routes).toEqual([
      expect.objectContaining({
        Resource: { 'Fn::GetAtt': [queueId(notificationQueueNames.webhooks), 'Arn'] },
      }),
    ]);
  });

  it('alarms on dead letters, failed e-mails and events that could not be queued', () => {
    for (const metricName of Object.values(notificationMetrics)) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: NOTIFICATION_METRICS_NAMESPACE,
        MetricName: metricName,
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [Match.anyValue()],
      });
    }
    const deadLetterAlarms = Object.values(
      resourcesOfType(template, 'AWS::CloudWatch::Alarm'),
    ).filter((alarm) => alarm.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(deadLetterAlarms).toHaveLength(2);
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });
});

import { Match, Template } from 'aws-cdk-lib/assertions';
import { serverErrorAlarm } from '../../infra/api-stack';
import { failedRunLogMessages, failedRunsMetric } from '../../infra/sync-stack';
import { testDeskline } from './support/cdk-test-app';

const stacks = testDeskline({ alarmEmail: 'ops@example.com' });
const api = Template.fromStack(stacks.api);
const sync = Template.fromStack(stacks.sync);

describe('alarms', () => {
  it("alarms when more than 5% of the API's requests answer 5xx, mailing the operator", () => {
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Threshold: serverErrorAlarm.percent,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
      TreatMissingData: 'notBreaching',
      Metrics: Match.arrayWith([
        Match.objectLike({
          Expression: `IF(requests >= ${serverErrorAlarm.minRequests}, 100 * errors / requests, 0)`,
        }),
        Match.objectLike({
          Id: 'errors',
          MetricStat: Match.objectLike({
            Metric: Match.objectLike({ MetricName: '5xx', Namespace: 'AWS/ApiGateway' }),
            Stat: 'Sum',
          }),
        }),
      ]),
      AlarmActions: [Match.anyValue()],
    });
    api.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });

  it('logs every API request to an access log group', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AccessLogSettings: {
        DestinationArn: Match.anyValue(),
        Format: Match.stringLikeRegexp('"status":"\\$context.status"'),
      },
    });
  });

  it('counts the runs the sync records as failed from its logs, and alarms on the first', () => {
    sync.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: `{ ${failedRunLogMessages.map((message) => `($.message = "${message}")`).join(' || ')} }`,
      MetricTransformations: [
        Match.objectLike({
          MetricNamespace: failedRunsMetric.namespace,
          MetricName: failedRunsMetric.metricName,
          MetricValue: '1',
        }),
      ],
    });
    sync.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: failedRunsMetric.metricName,
      Namespace: failedRunsMetric.namespace,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [Match.anyValue()],
    });
  });

  it('grants the table and its named indexes, never index/*', () => {
    const policies = JSON.stringify(api.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('/index/GSI1');
    expect(policies).not.toContain('/index/*');
  });
});

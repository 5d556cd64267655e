import { CfnOutput, Duration, Fn, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import {
  HttpLambdaAuthorizer,
  HttpLambdaResponseType,
  HttpUserPoolAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { ParamsAndSecretsLayerVersion, ParamsAndSecretsVersions } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import {
  Choice,
  Condition,
  DefinitionBody,
  Fail,
  LogLevel,
  StateMachine,
  StateMachineType,
  Succeed,
  TaskInput,
  Timeout,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { resourcesOf, type RouteDefinition } from '@shared/api/routes';
import { ORIGIN_VERIFY_HEADER } from '@shared/api/origin-verify';
import { DesklineFunction, type DesklineFunctionProps } from './constructs/deskline-function';
import { tableIndexNames } from './data-stack';
import { pascalCase } from './naming';
import { defaultMembership, membershipEnvironment, type MembershipProps } from './membership';
import { handlerEntry, workflowEntry } from './paths';

/** Where a function that starts background jobs finds the jobs workflow (functions/lib/jobs/job-runs.ts). */
const JOB_STATE_MACHINE_VARIABLE = 'JOB_STATE_MACHINE_ARN';
import {
  resourceSettings,
  tableActions,
  type ResourcePermissions,
  type ResourceSettings,
} from './resource-permissions';
import { workflowDeliveryAcknowledgement } from './nag-suppressions';

export interface ApiStackProps extends StackProps {
  /** The route table (DESIGN §3): one function per resource, one route per entry. */
  readonly routes: readonly RouteDefinition[];
  readonly table: ITable;
  readonly filesBucket: IBucket;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** Seals firm secrets; required when a resource's entry has `firmSecrets`. */
  readonly firmSecretsKey?: IKey;
  /** @default the map of `infra/resource-permissions.ts` */
  readonly settings?: Readonly<Record<string, ResourceSettings>>;
  /** Where `<resource>/handler.ts` live. @default `functions/` of the repository */
  readonly functionsDir?: string;
  /**
   * The membership system: its REST API's base URL, the site and tools as browsers reach
   * them, its session cookie. From the `deskline:membershipUrl`, `deskline:membershipSiteUrl`,
   * `deskline:toolsUrl` and `deskline:membershipSessionCookie` context (infra/membership.ts).
   * @default `https://members.example.com`, no session cookie
   */
  readonly membership?: MembershipProps;
  /** Subscribed to the API's alarm topic when given. @default nobody */
  readonly alarmEmail?: string;
}

/**
 * The API's 5xx alarm: over five minutes with at least {@link minRequests} requests, more than
 * {@link percent}% answered 5xx, in two of three periods (one bad request among few pages nobody).
 */
export const serverErrorAlarm = { percent: 5, minRequests: 20, periods: 3, breaching: 2 } as const;

/**
 * Requests per second over the whole API (steady rate and burst), well above a firm's staff: a cost
 * ceiling. Who may send how much is the web ACL's per-address limits (infra/edge-firewall.ts), not a
 * per-route throttle, which all callers would share.
 */
export const apiThrottle = { rateLimit: 100, burstLimit: 200 } as const;

/** How long API Gateway keeps the origin check's answer for one header value. */
export const originCheckCacheTtl = Duration.minutes(5);

/** The HTTP API: everything in it is derived from the route table. */
export class ApiStack extends Stack {
  /** `<api-id>.execute-api.<region>.amazonaws.com`: CloudFront's origin for `/api/*`. */
  readonly apiDomainName: string;
  /** By resource: the function behind each resource's routes. */
  readonly functions: ReadonlyMap<string, DesklineFunction>;
  /**
   * By resource, the workflow functions of the resources that have one (the sync's): what other
   * stacks invoke other than through the API (the sync workflow's steps, the completion markers).
   */
  readonly workflowFunctions: ReadonlyMap<string, DesklineFunction>;
  /**
   * The secret CloudFront sends in {@link ORIGIN_VERIFY_HEADER}; the public routes answer nothing
   * without it, so sign-in cannot be reached around CloudFront's WAF.
   */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const settings = props.settings ?? resourceSettings;

    // Same origin as the SPA behind CloudFront, so no CORS configuration.
    const httpApi = new HttpApi(this, 'HttpApi', {
      apiName: 'deskline',
      createDefaultStage: false,
    });
    // One JSON line per request: who, which route, what status, how long, and why an integration failed.
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    new HttpStage(this, 'DefaultStage', {
      httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: apiThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    this.apiDomainName = Fn.select(2, Fn.split('/', httpApi.apiEndpoint));

    const environment = {
      TABLE_NAME: props.table.tableName,
      FILES_BUCKET: props.filesBucket.bucketName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
    };
    // The SPA sends the Cognito ID token, whose audience is the app client.
    const jwt = new HttpUserPoolAuthorizer('CognitoJwt', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });
    // The public routes take no token, so their only gate is the origin check: the request came
    // through CloudFront (and its per-address WAF limits), which adds the secret header. A request
    // without the header is refused by API Gateway itself (401), the function never runs.
    this.originSecret = new Secret(this, 'OriginVerifySecret', {
      description: `The ${ORIGIN_VERIFY_HEADER} header CloudFront adds to the API's requests`,
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    const originCheckFunction = new DesklineFunction(this, 'OriginCheckFunction', {
      resource: 'origin-check',
      entry: handlerEntry('origin-check'),
      // Resolved by CloudFormation at deploy time: the template holds only the reference.
      environment: { ORIGIN_VERIFY_SECRET: this.originSecret.secretValue.unsafeUnwrap() },
      memorySize: 128,
      timeout: Duration.seconds(3),
    });
    const originCheck = new HttpLambdaAuthorizer('OriginCheck', originCheckFunction, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      resultsCacheTtl: originCheckCacheTtl,
    });

    // The membership API key: a secret an operator fills (never in the template or environment).
    const membershipKey = new Secret(this, 'MembershipApiKey', {
      description: 'X-API-Key of the membership system (aMember Pro REST API)',
    });
    const membership = {
      ...membershipEnvironment(props.membership ?? defaultMembership),
      MEMBERSHIP_API_KEY_SECRET_ID: membershipKey.secretArn,
    };
    const functions = new Map<string, DesklineFunction>();
    const workflowFunctions = new Map<string, DesklineFunction>();
    for (const resource of resourcesOf(props.routes)) {
      const entry = settings[resource];
      if (!entry) {
        throw new Error(
          `Resource "${resource}" has no entry in infra/resource-permissions.ts: add one with the least access its handler needs.`,
        );
      }
      // The resource's HTTP function and its workflow function: the same access and environment.
      const resourceFunction = (
        id: string,
        options: Pick<
          DesklineFunctionProps,
          'resource' | 'entry' | 'functionName' | 'memorySize' | 'timeout'
        >,
      ) => {
        const fn = new DesklineFunction(this, id, {
          ...options,
          environment: {
            ...environment,
            ...(entry.membership && membership),
          },
          paramsAndSecrets: entry.membership
            ? ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103)
            : undefined,
        });
        grant(fn, entry, props.table, props.filesBucket);
        if (entry.membership) membershipKey.grantRead(fn);
        if (entry.firmSecrets) grantFirmSecrets(fn, props.firmSecretsKey, resource);
        if (entry.provisionsTraders) {
          fn.addToRolePolicy(
            new PolicyStatement({
              actions: [
                'cognito-idp:AdminGetUser',
                'cognito-idp:AdminCreateUser',
                'cognito-idp:AdminUpdateUserAttributes',
                'cognito-idp:AdminSetUserPassword',
                'cognito-idp:AdminAddUserToGroup',
                'cognito-idp:AdminListGroupsForUser',
              ],
              resources: [props.userPool.userPoolArn],
            }),
          );
        }
        return fn;
      };
      const fn = resourceFunction(`${pascalCase(resource)}Function`, {
        resource,
        entry: handlerEntry(resource, props.functionsDir),
        memorySize: entry.memorySize,
        timeout: entry.timeout,
      });
      if (entry.workflow) {
        const workflowFunction = resourceFunction(`${pascalCase(resource)}WorkflowFunction`, {
          resource: `${resource}-workflow`,
          entry: workflowEntry(resource, props.functionsDir),
          functionName: this.fixedFunctionName(`${resource}-workflow`),
          ...entry.workflow,
        });
        workflowFunctions.set(resource, workflowFunction);
        if (entry.jobWorkflowVariable) {
          const machine = this.jobWorkflow(resource, workflowFunction, entry.workflow.timeout);
          fn.addEnvironment(entry.jobWorkflowVariable, machine.stateMachineArn);
          machine.grantStartExecution(fn);
        }
      }
      functions.set(resource, fn);

      const integration = new HttpLambdaIntegration(`${pascalCase(resource)}Integration`, fn);
      for (const route of props.routes.filter((entry) => entry.resource === resource)) {
        new HttpRoute(this, routeId(route), {
          httpApi,
          routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
          integration,
          // Only authentication happens here; the role check of `access` is the handler's
          // (DESIGN §4).
          authorizer: route.access === 'public' ? originCheck : jwt,
        });
      }
    }
    this.functions = functions;
    this.workflowFunctions = workflowFunctions;

    const jobsFunction = workflowFunctions.get('jobs');
    if (jobsFunction) {
      const jobs = this.jobsWorkflow(jobsFunction);
      for (const [resource, fn] of functions) {
        if (!settings[resource]?.startsJobs) continue;
        fn.addEnvironment(JOB_STATE_MACHINE_VARIABLE, jobs.stateMachineArn);
        jobs.grantStartExecution(fn);
      }
    }

    // The share of requests answered 5xx (a handler's crash or timeout, an integration error).
    const alarmTopic = new Topic(this, 'AlarmTopic', {
      displayName: 'Deskline API alarms',
      enforceSSL: true,
    });
    if (props.alarmEmail) alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    const period = Duration.minutes(5);
    const serverErrorRate = new MathExpression({
      label: 'API 5xx rate (%)',
      expression: `IF(requests >= ${serverErrorAlarm.minRequests}, 100 * errors / requests, 0)`,
      usingMetrics: {
        errors: httpApi.metricServerError({ period, statistic: 'Sum' }),
        requests: httpApi.metricCount({ period, statistic: 'Sum' }),
      },
      period,
    });
    new Alarm(this, 'ServerErrorRateAlarm', {
      alarmDescription: `More than ${serverErrorAlarm.percent}% of the API's requests answered 5xx.`,
      metric: serverErrorRate,
      threshold: serverErrorAlarm.percent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: serverErrorAlarm.periods,
      datapointsToAlarm: serverErrorAlarm.breaching,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(new SnsAction(alarmTopic));
    new CfnOutput(this, 'AlarmTopicArn', { value: alarmTopic.topicArn });

    new CfnOutput(this, 'ApiEndpoint', { value: httpApi.apiEndpoint });
  }

  /**
   * A one-step workflow that runs a background job of the resource (its input, as the HTTP function
   * started it) in the resource's workflow function: so the request answers at once and the job has
   * Lambda's 15 minutes, as the sync's runs do (sync-stack.ts). Logged and traced.
   */
  private jobWorkflow(
    resource: string,
    workflowFunction: DesklineFunction,
    timeout: Duration = Duration.minutes(15),
  ): StateMachine {
    const logs = new LogGroup(this, `${pascalCase(resource)}JobWorkflowLogs`, {
      retention: RetentionDays.ONE_MONTH,
    });
    const run = new LambdaInvoke(this, `${pascalCase(resource)}RunJob`, {
      lambdaFunction: workflowFunction,
      payload: TaskInput.fromJsonPathAt('$'),
      payloadResponseOnly: true,
      taskTimeout: Timeout.duration(timeout.plus(Duration.minutes(1))),
    });
    const machine = new StateMachine(this, `${pascalCase(resource)}JobWorkflow`, {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromChainable(run),
      timeout: timeout.plus(Duration.minutes(5)),
      tracingEnabled: true,
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
    });
    Validations.of(machine.role).acknowledge(workflowDeliveryAcknowledgement);
    return machine;
  }

  /**
   * The background jobs' workflow (functions/lib/jobs/): a loop of steps, each one invocation of the
   * jobs workflow function that works through batches of accounts until the job ends or its time is
   * nearly up (well inside Lambda's 15 minutes), so a job over any number of accounts never meets a
   * limit. A step that fails is retried (it resumes from the job's cursor; a done account is never
   * visited again); one that keeps failing records the job as failed (resumable) and frees the lock.
   */
  private jobsWorkflow(workflowFunction: DesklineFunction): StateMachine {
    const logs = new LogGroup(this, 'JobsWorkflowLogs', { retention: RetentionDays.ONE_MONTH });
    const step = new LambdaInvoke(this, 'JobsRunStep', {
      lambdaFunction: workflowFunction,
      payload: TaskInput.fromObject({ kind: 'job-step', 'jobId.$': '$.jobId' }),
      payloadResponseOnly: true,
      taskTimeout: Timeout.duration(Duration.minutes(16)),
    });
    // Retried within the job's lease (90 s since the step's last renewal), so a retry keeps the lock.
    step.addRetry({
      errors: ['States.ALL'],
      interval: Duration.seconds(10),
      backoffRate: 2,
      maxAttempts: 3,
    });
    const failed = new LambdaInvoke(this, 'JobsRecordFailure', {
      lambdaFunction: workflowFunction,
      payload: TaskInput.fromObject({
        kind: 'job-failed',
        'jobId.$': '$.jobId',
        'error.$': '$.failure.Error',
      }),
      payloadResponseOnly: true,
    }).next(new Fail(this, 'JobsFailed', { error: 'JobFailed' }));
    step.addCatch(failed, { errors: ['States.ALL'], resultPath: '$.failure' });
    const loop = new Choice(this, 'JobsFinished')
      .when(Condition.booleanEquals('$.finished', true), new Succeed(this, 'JobsSucceeded'))
      .otherwise(step);
    const machine = new StateMachine(this, 'JobsWorkflow', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromChainable(step.next(loop)),
      // A job of 30,000 year-old accounts, with room to spare; the steps are what bound each call.
      timeout: Duration.hours(24),
      tracingEnabled: true,
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
    });
    Validations.of(machine.role).acknowledge(workflowDeliveryAcknowledgement);
    return machine;
  }

  /** `<stack>-<resource>`: the name of a function that must never be replaced by a new one. */
  private fixedFunctionName(resource: string): string {
    const functionName = `${this.stackName}-${resource}`;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(functionName)) {
      throw new Error(`"${functionName}" is not a valid Lambda function name (64 characters).`);
    }
    return functionName;
  }
}

/**
 * The one grant of the firm secrets key: a fresh data key per write, Decrypt per read,
 * only with a firm as encryption context; no Encrypt, ReEncrypt or key administration.
 */
function grantFirmSecrets(fn: DesklineFunction, key: IKey | undefined, resource: string): void {
  if (!key)
    throw new Error(
      `Resource "${resource}" seals firm secrets: give the api stack firmSecretsKey.`,
    );
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
      resources: [key.keyArn],
      conditions: { Null: { 'kms:EncryptionContext:firmId': 'false' } },
    }),
  );
  fn.addEnvironment('FIRM_SECRETS_KEY_ID', key.keyArn);
}

function grant(
  grantee: IGrantable,
  permissions: ResourcePermissions,
  table: ITable,
  filesBucket: IBucket,
): void {
  const items = permissions.tableItems;
  if (permissions.table && items) {
    // Only the items of these partition keys: of the table itself, and of GSI1 where it is named
    // (for an index, `dynamodb:LeadingKeys` is the index's partition key).
    const onItems = (
      actions: readonly string[],
      leadingKeys: readonly string[],
      resource = table.tableArn,
    ) =>
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({
          actions: [...actions],
          resources: [resource],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...leadingKeys] } },
        }),
      );
    onItems(tableActions.read, items.read);
    if (items.gsi1?.length) {
      onItems(['dynamodb:Query'], items.gsi1, `${table.tableArn}/index/${tableIndexNames[0]}`);
    }
    if (permissions.table === 'readWrite') {
      const writeActions = tableActions.readWrite.filter(
        (action) => !tableActions.read.includes(action),
      );
      onItems(writeActions, items.write);
    }
  } else if (permissions.table) {
    // The table and its named indexes, not `index/*`: no wildcard in any function's policy.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...tableActions[permissions.table]],
        resources: [
          table.tableArn,
          ...tableIndexNames.map((indexName) => `${table.tableArn}/index/${indexName}`),
        ],
      }),
    );
  }
  if (permissions.filesBucket === 'read') filesBucket.grantRead(grantee);
  if (permissions.filesBucket === 'readWrite') filesBucket.grantReadWrite(grantee);
}

/** `GET /api/programs/{prefix}` → `RouteGetApiProgramsByPrefix`. */
export function routeId(route: RouteDefinition): string {
  const path = route.path.replace(/\{(\w+)\}/g, 'by-$1');
  return `Route${pascalCase(route.method.toLowerCase())}${pascalCase(path)}`;
}

import { Validations, type Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Every cdk-nag (AwsSolutions) finding Deskline accepts, each with its reason, in one place.
 * Acknowledgements are CDK's own (`Validations.of(...).acknowledge`), so `cdk synth`
 * carries them whether or not cdk-nag runs; the CDK tests run the pack and allow no other finding.
 */

export interface NagAcknowledgement {
  readonly id: string;
  readonly reason: string;
}

const LAMBDA_BASIC_EXECUTION =
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';

/** Findings accepted for every construct of a stack, by stack. */
/**
 * A Step Functions workflow's own role (the sync's, the programs' job workflow): CDK grants it the
 * log and trace delivery actions, which take no resource.
 */
export const workflowDeliveryAcknowledgement: NagAcknowledgement = {
  id: 'AwsSolutions-IAM5[Resource::*]',
  reason:
    'Step Functions delivers the workflow logs and X-Ray traces with actions that take no resource (logs:CreateLogDelivery and the like, xray:PutTraceSegments); CDK grants exactly those.',
};

export const stackAcknowledgements: Readonly<Record<string, readonly NagAcknowledgement[]>> = {
  data: [
    {
      id: 'AwsSolutions-S1',
      reason:
        'The broker files bucket is written by the broker and read by the sync only; it is versioned, and CloudTrail data events (account level) are where object access is audited. Server access logs would need a second, unlogged bucket.',
    },
  ],
  auth: [
    {
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is not required: staff and traders sign in through the API with a password, failed attempts are slowed per login and sign-in is rate-limited per address by the web ACL; traders authenticate with the membership site first.',
    },
    {
      id: 'AwsSolutions-COG1',
      reason:
        'Passwords need 12 characters with upper case, lower case and digits; symbols are not required (NIST 800-63B favours length over composition), and trader passwords follow the membership site, whose rules Deskline does not set.',
    },
    {
      id: 'AwsSolutions-COG8',
      reason:
        "The Plus feature plan (threat protection) costs per active user; sign-in goes through Deskline's API, behind a web ACL that rate-limits sign-in per address, and repeated failures are slowed per login.",
    },
  ],
  api: [
    {
      id: LAMBDA_BASIC_EXECUTION,
      reason:
        'AWSLambdaBasicExecutionRole only lets a function write its own CloudWatch logs; everything else is granted per resource with least privilege (infra/resource-permissions.ts).',
    },
    {
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the runtime the bundles are built and tested for (esbuild target, engines); a runtime upgrade is its own change, tested end to end.',
    },
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'The membership API key is issued by the external membership system (aMember); it cannot be rotated from AWS, an operator replaces it there and in the secret.',
    },
  ],
  web: [
    {
      id: 'AwsSolutions-CFR1',
      reason: 'Traders of the firm trade from many countries: no geographic restriction.',
    },
    {
      id: 'AwsSolutions-CFR3',
      reason:
        "No CloudFront standard logs (they need an ACL-enabled log bucket); the API's requests are logged by its stage's access logs.",
    },
    {
      id: 'AwsSolutions-CFR4',
      reason:
        "The distribution uses CloudFront's default certificate, whose TLS policy CloudFront sets; a custom domain with TLSv1.2_2021 is configured by the operator with its certificate.",
    },
    {
      id: 'AwsSolutions-S1',
      reason:
        "The SPA bucket holds only the built app, is private behind CloudFront's origin access control and is written only by the deployment.",
    },
    {
      id: LAMBDA_BASIC_EXECUTION,
      reason: "CDK's BucketDeployment custom resource: its function writes only its own logs.",
    },
    {
      id: 'AwsSolutions-L1',
      reason:
        "CDK's BucketDeployment custom resource picks its own runtime; it runs only during a deployment.",
    },
    {
      id: 'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      reason:
        "CDK's BucketDeployment reads the deployment's asset bucket (CDK's grantRead actions), during deployments only.",
    },
    {
      id: 'AwsSolutions-IAM5[Action::s3:GetObject*]',
      reason: "CDK's BucketDeployment reads the deployment's assets (CDK's grantRead actions).",
    },
    {
      id: 'AwsSolutions-IAM5[Action::s3:List*]',
      reason: "CDK's BucketDeployment lists the deployment's assets (CDK's grantRead actions).",
    },
    {
      id: 'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      reason: "CDK's BucketDeployment replaces the SPA's files (CDK's grantReadWrite actions).",
    },
    {
      id: 'AwsSolutions-IAM5[Action::s3:Abort*]',
      reason: "CDK's BucketDeployment uploads the SPA's files (CDK's grantReadWrite actions).",
    },
  ],
  sync: [
    {
      id: 'AwsSolutions-SQS3',
      reason:
        'These queues are dead-letter queues (of the schedule and the rule, and of the completion-marker queue): nothing reads them automatically, an alarm fires on their first message.',
    },
  ],
};

/** The sync functions read broker files: CDK's grantRead of the files bucket names these actions. */
export const syncFunctionAcknowledgements: readonly NagAcknowledgement[] = [
  {
    id: 'AwsSolutions-IAM5[Action::s3:GetBucket*]',
    reason: "The sync reads the broker files bucket's listing (CDK grantRead on that bucket only).",
  },
  {
    id: 'AwsSolutions-IAM5[Action::s3:GetObject*]',
    reason: 'The sync reads the broker files (CDK grantRead on that bucket only).',
  },
  {
    id: 'AwsSolutions-IAM5[Action::s3:List*]',
    reason:
      'The sync lists the date folders of the broker files (CDK grantRead on that bucket only).',
  },
];

/**
 * Findings whose id embeds a synthesized reference (the object ARN `<bucket arn>/*` of one of our own
 * buckets, resolved to a cross-stack output or a logical id), so no id can be written down before
 * synthesis: accepted by rule, construct path and a pattern of the finding, checked by the CDK tests.
 */
export interface PatternAcknowledgement {
  readonly finding: RegExp;
  readonly path: RegExp;
  readonly reason: string;
}

export const patternAcknowledgements: readonly PatternAcknowledgement[] = [
  {
    finding: /^AwsSolutions-IAM5\[Resource::.*FilesBucket.*\/\*\]$/,
    path: /^Deskline-Api\/Sync(Workflow)?Function\/ServiceRole\/DefaultPolicy\//,
    reason: 'The sync reads every broker file of the files bucket (objects of that bucket only).',
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::.*SyncWorkflowFunction[0-9A-F]+Arn[0-9A-F]+.*:\*\]$/,
    path: /^Deskline-Sync\/SyncWorkflow\/Role\/DefaultPolicy\//,
    reason:
      "The sync workflow invokes the sync workflow function, any of its versions (CDK's LambdaInvoke grants the function's ARN and ARN:*); no other function.",
  },
  {
    finding:
      /^AwsSolutions-IAM5\[Resource::arn:aws:states:[a-z0-9-]+:<AWS::AccountId>:execution:.*SyncWorkflow[0-9A-F]+.*\]$/,
    path: /^Deskline-Sync\/SyncWorkflow\/DistributedMapPolicy\//,
    reason:
      "The sync workflow's Distributed Map describes and stops its own child executions (executions of this state machine only; their names are Step Functions').",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::<ProgramsWorkflowFunction[0-9A-F]+\.Arn>:\*\]$/,
    path: /^Deskline-Api\/ProgramsJobWorkflow\/Role\/DefaultPolicy\//,
    reason:
      "The impact preview workflow invokes the programs workflow function, any of its versions (CDK's LambdaInvoke grants the function's ARN and ARN:*); no other function.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::<JobsWorkflowFunction[0-9A-F]+\.Arn>:\*\]$/,
    path: /^Deskline-Api\/JobsWorkflow\/Role\/DefaultPolicy\//,
    reason:
      "The jobs workflow invokes the jobs workflow function, any of its versions (CDK's LambdaInvoke grants the function's ARN and ARN:*); no other function.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::<SiteBucket[0-9A-F]+\.Arn>\/\*\]$/,
    path: /^Deskline-Web\/Custom::CDKBucketDeployment[0-9A-F]+\/ServiceRole\/DefaultPolicy\//,
    reason:
      "CDK's BucketDeployment writes the SPA's files into the site bucket (its objects only).",
  },
  {
    finding:
      /^AwsSolutions-IAM5\[Resource::arn:aws:s3:::cdk-[a-z0-9]+-assets-<AWS::AccountId>-[a-z0-9-]+\/\*\]$/,
    path: /^Deskline-Web\/Custom::CDKBucketDeployment[0-9A-F]+\/ServiceRole\/DefaultPolicy\//,
    reason: "CDK's BucketDeployment reads the deployment's assets from CDK's bootstrap bucket.",
  },
];

function acknowledge(scope: IConstruct, acknowledgements: readonly NagAcknowledgement[]): void {
  for (const acknowledgement of acknowledgements)
    Validations.of(scope).acknowledge(acknowledgement);
}

export interface NagStacks {
  readonly data: Stack;
  readonly auth: Stack;
  readonly api: Stack & {
    readonly functions: ReadonlyMap<string, IConstruct>;
    readonly workflowFunctions: ReadonlyMap<string, IConstruct>;
  };
  readonly web: Stack;
  readonly sync: Stack;
}

/**
 * Records every accepted finding on the stacks and the sync functions. The public routes need none:
 * their origin-check authorizer satisfies AwsSolutions-APIG4.
 */
export function acknowledgeNagFindings(stacks: NagStacks): void {
  for (const [name, acknowledgements] of Object.entries(stackAcknowledgements)) {
    acknowledge(stacks[name as keyof NagStacks], acknowledgements);
  }
  for (const syncFunction of [
    stacks.api.functions.get('sync'),
    stacks.api.workflowFunctions.get('sync'),
  ]) {
    if (syncFunction) acknowledge(syncFunction, syncFunctionAcknowledgements);
  }
}

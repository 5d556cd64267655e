import { Duration } from 'aws-cdk-lib';

/**
 * What each API resource's Lambda may touch, and nothing more. The api stack refuses to build a
 * resource of the route table that has no entry here, so a new resource cannot ship with access
 * nobody decided on.
 */
export interface ResourcePermissions {
  /** The single DynamoDB table, its GSIs included. */
  readonly table?: 'read' | 'readWrite';
  /** The bucket of broker files. */
  readonly filesBucket?: 'read' | 'readWrite';
  /**
   * Calls the membership system: its URL in the environment, its API key read from the
   * Secrets Manager secret through the Parameters and Secrets extension.
   */
  readonly membership?: boolean;
  /** Creates and updates traders' Cognito users (Admin* calls on the user pool). */
  readonly provisionsTraders?: boolean;
  /**
   * Seals and opens firm secrets: GenerateDataKey and Decrypt on the data stack's firm
   * secrets key, with a firm as encryption context, and the key's ARN in the environment.
   */
  readonly firmSecrets?: boolean;
  /**
   * Only these items of the table, by partition key (IAM `dynamodb:LeadingKeys` patterns), on the
   * table itself (no index): `read` ones with the read actions, `write` ones with the write actions
   * too. @default every item of {@link table}
   */
  readonly tableItems?: TableItems;
}

export interface TableItems {
  readonly read: readonly string[];
  readonly write: readonly string[];
  /** Partitions of the GSI1 index it queries (its `GSI1PK` values); none by default. */
  readonly gsi1?: readonly string[];
}

/**
 * The items the internet-facing auth function touches (docs/data-model.md), and no others: a flaw
 * in it cannot read firms, accounts or members. Every key it builds must match one of
 * these; `test/infra/auth-table-access.test.ts` runs its routes and checks each key it used.
 */
export const authTableItems: TableItems = {
  // Failed sign-ins: `LOGIN#<hash of the login>` (and of the login with the client's address); a
  // member's sign-in lease (`SIGNIN#<memberId>`); the staff unlocks' record (`LOGINLOCKCLEARS`).
  write: ['LOGIN#*', 'SIGNIN#*', 'LOGINLOCKCLEARS'],
  // Trader sign-in reads the trader record a member's broker user id names (`TRADER#<traderId>`).
  read: ['LOGIN#*', 'SIGNIN#*', 'LOGINLOCKCLEARS', 'TRADER#*'],
  // The staff's list of locked logins (`GSI1PK = LOGINLOCKS`).
  gsi1: ['LOGINLOCKS'],
};

/**
 * How a resource's Lambda runs. An entry that gives only permissions runs with the defaults of
 * `DesklineFunction` (512 MB, 10 s), which suit request paths that only Get and Query.
 */
export interface ResourceRuntime {
  /** MB; CPU grows with it (1769 MB is one full vCPU). */
  readonly memorySize?: number;
  /**
   * API Gateway gives up on an integration after 30 s whatever the function does, so a function
   * behind the API stays at {@link apiGatewayTimeout} or below. Work that outlives a request runs
   * in the resource's {@link workflow} function.
   */
  readonly timeout?: Duration;
  /**
   * The resource also has a workflow function, `functions/<resource>/workflow.ts`, with the same
   * permissions and environment: the steps of a Step Functions workflow (the sync's,
   * infra/sync-stack.ts), which invokes it directly, and the queue that starts it. Kept apart from
   * the HTTP routes so neither bundle carries the other's code. Its name is fixed
   * (`<api stack>-<resource>-workflow`): the workflow's stack imports its ARN, and CloudFormation
   * refuses to change an export in use, so the function must never be replaced by a new name.
   */
  readonly workflow?: { readonly memorySize?: number; readonly timeout?: Duration };
  /**
   * The resource's HTTP function starts background jobs on its workflow function through a one-step
   * Step Functions workflow of the api stack, whose ARN it reads from this environment variable
   * (the programs' impact previews, functions/programs/impact-runs.ts). Needs {@link workflow}.
   */
  readonly jobWorkflowVariable?: string;
  /**
   * The resource's HTTP function starts background jobs (functions/lib/jobs/): it reads the jobs
   * workflow's ARN from `JOB_STATE_MACHINE_ARN` and may start executions of it, nothing else.
   */
  readonly startsJobs?: boolean;
}

export type ResourceSettings = ResourcePermissions & ResourceRuntime;

/** The longest a function behind the HTTP API can usefully run: its integrations stop at 30 s. */
export const apiGatewayTimeout = Duration.seconds(29);

const tableRead = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];

/**
 * The DynamoDB actions of each level. Named rather than CDK's `grantReadData`, which includes
 * Scan: DESIGN §5 forbids Scan in a request path, and IAM enforces it as well.
 */
export const tableActions: Readonly<Record<'read' | 'readWrite', readonly string[]>> = {
  read: tableRead,
  readWrite: [
    ...tableRead,
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};

export const resourceSettings: Readonly<Record<string, ResourceSettings>> = {
  // Sign-in, refresh and logout call Cognito's public InitiateAuth and RevokeToken with the app client
  // id (no IAM); the table holds each login's failed attempts, so the slow-down spans instances.
  // Trader sign-in checks the membership system and provisions the trader's Cognito user.
  // A trader sign-in may wait for another sign-in of the same member (its lease).
  auth: {
    table: 'readWrite',
    tableItems: authTableItems,
    membership: true,
    provisionsTraders: true,
    timeout: apiGatewayTimeout,
  },
  // Membership users, the membership check and the debug console's sync; the trader
  // records are read to link a member to their trader. The sync's password check counts against
  // the member's sign-in lock and its provisioning takes the member's lease: it writes.
  amember: { table: 'readWrite', membership: true, provisionsTraders: true },
  // Saving, copying and deleting programs write the table; upgrading a program's accounts is a
  // background job (the jobs workflow).
  // An impact preview re-judges the program's accounts under an unsaved version for longer than a
  // request: in the workflow function, started through the preview workflow (api-stack.ts).
  programs: {
    table: 'readWrite',
    timeout: apiGatewayTimeout,
    workflow: { memorySize: 1769, timeout: Duration.minutes(15) },
    jobWorkflowVariable: 'IMPACT_PREVIEW_STATE_MACHINE_ARN',
    startsJobs: true,
  },
  rules: { table: 'readWrite' },
  // Refresh and reset re-judge an account from its first day (the rules engine: more CPU), as long as
  // API Gateway waits; Force All Update and an account's force update are background jobs.
  accounts: { table: 'readWrite', memorySize: 1024, timeout: apiGatewayTimeout, startsJobs: true },
  // The account page's summary: an account, its days, comments and its phase's rules, read only.
  summaries: { table: 'read' },
  // Traders, their accounts and details, and the Account Summary Dashboard: Get and Query only.
  traders: { table: 'read' },
  dashboard: { table: 'read' },
  // Regenerating re-judges an account from a day on: more CPU for the rules engine, and as long as
  // API Gateway waits.
  performance: { table: 'readWrite', memorySize: 1024, timeout: apiGatewayTimeout },
  // A run reads a night of broker files and writes them all: the sync workflow (started by
  // POST /api/sync/daily-update, the schedule or a completion marker) runs its steps in the
  // workflow function, with one full vCPU for parsing and Lambda's longest timeout.
  sync: {
    table: 'readWrite',
    filesBucket: 'read',
    // Releasing held breaches judges again, as long as API Gateway waits; a void is a background job.
    memorySize: 1769,
    timeout: apiGatewayTimeout,
    workflow: { memorySize: 1769, timeout: Duration.minutes(15) },
    startsJobs: true,
  },
  // Background jobs (functions/lib/jobs/): the HTTP function answers a job's progress and resumes a
  // stopped one; the workflow function runs the job's steps (re-judging accounts from their first
  // day, batch after batch) for the jobs workflow (api-stack.ts), one full vCPU and Lambda's longest
  // timeout per step.
  jobs: {
    table: 'readWrite',
    workflow: { memorySize: 1769, timeout: Duration.minutes(15) },
    startsJobs: true,
  },
  // Reading the trail pages by counts and keys; a bulk delete rewrites the stats of the dates it
  // touched, as long as API Gateway waits.
  audit: { table: 'readWrite', memorySize: 1024, timeout: apiGatewayTimeout },
  revenue: { table: 'read' },
  // Releases and the last version each user saw; firms: small items read and written whole.
  'whats-new': { table: 'readWrite' },
  // Firms are sealed at rest; this function alone may open them.
  firms: { table: 'readWrite', firmSecrets: true },
  // Payout requests and staff decisions write the payout items; marking one paid writes the account's
  // payout history and may re-judge its later days (the rules engine), as long as API Gateway waits.
  payouts: { table: 'readWrite', memorySize: 1024, timeout: apiGatewayTimeout },
  // Webhook endpoints, their delivery logs and the traders' e-mail choices; the events log is read.
  // A test event goes to the delivery queue (infra/notifications-stack.ts grants the send).
  notifications: { table: 'readWrite' },
};

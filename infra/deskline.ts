import { Tags, type App, type Environment } from 'aws-cdk-lib';
import type { RouteDefinition } from '@shared/api/routes';
import { ApiStack } from './api-stack';
import {
  defaultMembership,
  membershipFrameOrigins,
  membershipSites,
  type MembershipProps,
} from './membership';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { EdgeStack } from './edge-firewall';
import { acknowledgeNagFindings } from './nag-suppressions';
import { NotificationsStack, type NotificationSender } from './notifications-stack';
import { SyncStack } from './sync-stack';
import { WebStack } from './web-stack';

export interface DesklineProps {
  readonly env: Environment;
  readonly routes: readonly RouteDefinition[];
  readonly webAssetsDir: string;
  readonly frameAncestors: readonly string[];
  /** Origins the trader area shows in frames. @default none (frames of our own origin only) */
  readonly frameSources?: readonly string[];
  /** Cron expression (Chicago time) of the daily sync. @default 16:30 Monday to Friday */
  readonly syncSchedule?: string;
  /** Mailed by the sync alarms. @default nobody */
  readonly alarmEmail?: string;
  /** The membership system (`deskline:membershipUrl`, …). @default the api stack's placeholder */
  readonly membership?: MembershipProps;
  /** Where `<resource>/handler.ts` live. @default `functions/` of the repository */
  readonly functionsDir?: string;
  /**
   * The notification e-mails: sender and SES identity (`deskline:notifyFromEmail`,
   * `deskline:notifyIdentity`), staff addresses (`deskline:staffNotifyEmails`) and the app's address
   * in links (`deskline:appUrl`). @default the context's, else a placeholder sender, no staff, the
   * distribution's address
   */
  readonly notifications?: Partial<NotificationSender> & {
    readonly staffEmails?: readonly string[];
    readonly appUrl?: string;
  };
}

export interface DesklineStacks {
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  readonly sync: SyncStack;
  /** Only with the route table's notifications resource: queues, SES identity and the dispatcher. */
  readonly notifications?: NotificationsStack;
  /** Only outside us-east-1: the CloudFront web ACL, which only us-east-1 can hold. */
  readonly edge?: EdgeStack;
}

/** The region of CloudFront's web ACLs. */
export const EDGE_REGION = 'us-east-1';

/** The whole deployment, one stack per concern; `bin/app.ts` and the infra tests both build it. */
export function createDeskline(app: App, props: DesklineProps): DesklineStacks {
  const { env } = props;
  const data = new DataStack(app, 'Deskline-Data', {
    env,
    description: 'Deskline: DynamoDB table and broker files bucket',
  });
  const auth = new AuthStack(app, 'Deskline-Auth', {
    env,
    description: 'Deskline: Cognito user pool for staff and traders',
  });
  const api = new ApiStack(app, 'Deskline-Api', {
    env,
    description: 'Deskline: HTTP API, one Lambda per resource of the route table',
    routes: props.routes,
    table: data.table,
    filesBucket: data.filesBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    firmSecretsKey: data.firmSecretsKey,
    functionsDir: props.functionsDir,
    alarmEmail: props.alarmEmail,
    membership: props.membership,
  });
  // A CloudFront web ACL exists only in us-east-1: in that region the web stack holds it, elsewhere a
  // small edge stack there does. Its ARN reaches the web stack as a weak reference (cdk.json's
  // defaultCrossStackReferences: `Fn::GetStackOutput`, which names the producer's region), so no
  // cross-region export machinery is needed.
  const edge =
    env.region === EDGE_REGION
      ? undefined
      : new EdgeStack(app, 'Deskline-Edge', {
          env: { account: env.account, region: EDGE_REGION },
          description: 'Deskline: the CloudFront web ACL (per-address rate limits), in us-east-1',
          routes: props.routes,
        });
  const web = new WebStack(app, 'Deskline-Web', {
    env,
    originSecret: api.originSecret,
    routes: props.routes,
    webAclArn: edge?.webAclArn,
    description: 'Deskline: CloudFront distribution serving the SPA and /api',
    apiDomainName: api.apiDomainName,
    webAssetsDir: props.webAssetsDir,
    frameAncestors: props.frameAncestors,
    // The membership site embeds the trader area and hears its logout.
    traderFrameAncestors: [
      new URL(membershipSites(props.membership ?? defaultMembership).siteUrl).origin,
    ],
    // The membership site and the tools the functions name to the SPA are always frameable.
    frameSources: [
      ...new Set([
        ...(props.frameSources ?? []),
        ...membershipFrameOrigins(props.membership ?? defaultMembership),
      ]),
    ],
  });
  const syncFunction = api.functions.get('sync');
  const workflowFunction = api.workflowFunctions.get('sync');
  if (!syncFunction || !workflowFunction) {
    throw new Error(
      'The route table has no "sync" resource, whose workflow function the schedule runs.',
    );
  }
  const sync = new SyncStack(app, 'Deskline-Sync', {
    env,
    description: 'Deskline: daily sync schedule, dead-letter queues and alarms',
    syncFunction,
    workflowFunction,
    filesBucket: data.filesBucket,
    schedule: props.syncSchedule,
    alarmEmail: props.alarmEmail,
  });
  const notifications = api.functions.has('notifications')
    ? new NotificationsStack(app, 'Deskline-Notifications', {
        env,
        description: 'Deskline: notification queues, e-mail (SES) and signed webhooks',
        table: data.table,
        functions: api.functions,
        workflowFunctions: api.workflowFunctions,
        functionsDir: props.functionsDir,
        alarmEmail: props.alarmEmail,
        ...notificationSettings(app, props, web.url),
      })
    : undefined;
  acknowledgeNagFindings({ data, auth, api, web, sync });
  Tags.of(app).add('project', 'deskline');
  return {
    data,
    auth,
    api,
    web,
    sync,
    ...(notifications && { notifications }),
    ...(edge && { edge }),
  };
}

/** The notification settings: the props', else the `deskline:` context's, else the defaults. */
function notificationSettings(app: App, props: DesklineProps, distributionUrl: string) {
  const context = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(`deskline:${key}`);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const given = props.notifications ?? {};
  const staff = given.staffEmails ?? context('staffNotifyEmails')?.split(',');
  return {
    appUrl: given.appUrl ?? context('appUrl') ?? distributionUrl,
    sender: {
      fromEmail: given.fromEmail ?? context('notifyFromEmail') ?? 'notifications@example.com',
      identity: given.identity ?? context('notifyIdentity'),
    },
    staffEmails: (staff ?? []).map((address) => address.trim()).filter(Boolean),
  };
}

import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import {
  Architecture,
  Runtime,
  Tracing,
  type ParamsAndSecretsLayerVersion,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { repoRoot } from '../paths';
import { cdkBundlingOptions } from './function-bundling';

export interface DesklineFunctionProps {
  /** The API resource the function serves; names its logs' service `deskline-<resource>`. */
  readonly resource: string;
  /** The handler module, exporting `handler`. */
  readonly entry: string;
  /** Variables every handler reads (table, bucket, user pool), on top of the logging ones. */
  readonly environment: Readonly<Record<string, string>>;
  /** @default {@link functionDefaults} */
  readonly memorySize?: number;
  /** @default {@link functionDefaults} */
  readonly timeout?: Duration;
  /** Only for a function that must know its own name before it exists. @default generated */
  readonly functionName?: string;
  /** The Parameters and Secrets extension, for a function that reads a secret. @default none */
  readonly paramsAndSecrets?: ParamsAndSecretsLayerVersion;
}

/** What a request path needs: it only Gets and Queries. */
export const functionDefaults = {
  memorySize: 512,
  // Far below API Gateway's 30 s integration limit.
  timeout: Duration.seconds(10),
} as const;

/** The defaults every Deskline Lambda shares: Node.js 22 on arm64, esbuild bundle, bounded logs. */
export class DesklineFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: DesklineFunctionProps) {
    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      // Graviton: cheaper per GB-second, and the bundle has no native code.
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? functionDefaults.memorySize,
      timeout: props.timeout ?? functionDefaults.timeout,
      functionName: props.functionName,
      paramsAndSecrets: props.paramsAndSecrets,
      tracing: Tracing.DISABLED,
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      bundling: cdkBundlingOptions,
      // An explicit group sets the retention without CDK's log-retention helper Lambda.
      logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }),
      environment: {
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: `deskline-${props.resource}`,
        POWERTOOLS_LOG_LEVEL: 'INFO',
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
  }
}

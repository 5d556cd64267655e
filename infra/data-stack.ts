import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { DAY_INDEX_ATTRIBUTES } from '@shared/performance/performance-list';

/** The table's global secondary indexes, which the API's functions are granted by name. */
export const tableIndexNames = ['GSI1', 'GSI2', 'GSI3', 'GSI4'] as const;

/** The single table and the broker files (DESIGN §5): the firm's records, so both outlive the stack. */
export class DataStack extends Stack {
  readonly table: Table;
  readonly filesBucket: Bucket;
  /**
   * Wraps the data keys that seal firm secrets in the table (envelope encryption in
   * functions/lib/crypto/envelope.ts). Only the firms function is granted its use
   * (infra/resource-permissions.ts `firmSecrets`); retained with the table whose secrets need it.
   */
  readonly firmSecretsKey: Key;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: 'PK', type: AttributeType.STRING },
      sortKey: { name: 'SK', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // Items that carry an expiry (sign-in attempts and leases, impact previews) leave by themselves;
      // functions/lib/db/table-definition.ts names the attribute for the code that writes it.
      timeToLiveAttribute: 'expiresAt',
    });
    this.table.addGlobalSecondaryIndex({
      indexName: tableIndexNames[0],
      partitionKey: { name: 'GSI1PK', type: AttributeType.STRING },
      sortKey: { name: 'GSI1SK', type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
    // Accounts by phase and broker status (docs/data-model.md): the accounts page without a Scan.
    this.table.addGlobalSecondaryIndex({
      indexName: tableIndexNames[1],
      partitionKey: { name: 'GSI2PK', type: AttributeType.STRING },
      sortKey: { name: 'GSI2SK', type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
    // Accounts of a phase and broker status by closeness to breach (All Accounts' room sort).
    this.table.addGlobalSecondaryIndex({
      indexName: tableIndexNames[2],
      partitionKey: { name: 'GSI3PK', type: AttributeType.STRING },
      sortKey: { name: 'GSI3SK', type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
    // A date's performance items (sparse: only they carry GSI4 keys), projecting the keys and the
    // list's figures, so reading a date's account-days costs ~200 bytes each, not the judged day.
    // Deploying it is followed by scripts/migrate-day-index.ts (docs/data-model.md, "GSI4").
    this.table.addGlobalSecondaryIndex({
      indexName: tableIndexNames[3],
      partitionKey: { name: 'GSI4PK', type: AttributeType.STRING },
      sortKey: { name: 'GSI4SK', type: AttributeType.STRING },
      projectionType: ProjectionType.INCLUDE,
      nonKeyAttributes: [...DAY_INDEX_ATTRIBUTES],
    });

    this.filesBucket = new Bucket(this, 'FilesBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        {
          // Versioning guards against an overwritten file; older versions need not live forever.
          noncurrentVersionExpiration: Duration.days(90),
          abortIncompleteMultipartUploadAfter: Duration.days(7),
        },
      ],
    });

    this.firmSecretsKey = new Key(this, 'FirmSecretsKey', {
      description: 'Deskline: wraps the data keys that seal firm secrets (firms function only)',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Object events go to EventBridge: a day's completion marker starts its sync (sync-stack.ts).
    // Set on the bucket resource itself: `eventBridgeEnabled` would add CDK's notifications function.
    (this.filesBucket.node.defaultChild as CfnBucket).notificationConfiguration = {
      eventBridgeConfiguration: { eventBridgeEnabled: true },
    };

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'FilesBucketName', { value: this.filesBucket.bucketName });
  }
}

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
}

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

export const resourcePermissions: Readonly<Record<string, ResourcePermissions>> = {
  // Sign-in and refresh call Cognito's public InitiateAuth with the app client id: no IAM needed.
  auth: {},
  programs: { table: 'read' },
};

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import * as z from 'zod';
import { kmsClient } from '../aws/kms';

/**
 * Envelope encryption of secrets at rest (docs/decisions.md). Each seal takes a fresh
 * 256-bit data key, encrypts the value with AES-256-GCM under it, and stores the data key only in
 * its wrapped form beside the ciphertext. The key-encryption key wraps and unwraps data keys:
 *
 * - in AWS, a KMS key: `GenerateDataKey` per seal, `Decrypt` per open, both with an encryption
 *   context (the firm id), which KMS binds to the wrapped key and CloudTrail records;
 * - locally (no KMS exists in the local stack), a 256-bit key from the environment that wraps data
 *   keys with AES-256-GCM itself.
 *
 * The context is also the GCM additional data of the value, so a sealed value copied onto another
 * item does not open. Plaintext data keys are zeroed once used and never leave this module.
 */

export type Context = Readonly<Record<string, string>>;

/** What wraps and unwraps data keys: KMS in AWS, a local key in the local stack and tests. */
export interface KeyEncryptionKey {
  readonly kind: 'kms' | 'local';
  newDataKey(context: Context): Promise<{ plaintext: Buffer; wrapped: Buffer }>;
  unwrapDataKey(wrapped: Buffer, context: Context): Promise<Buffer>;
}

/** A sealed value as stored: every part base64; `kek` says which key wrapped the data key. */
export const sealedValueSchema = z.strictObject({
  v: z.literal(1),
  kek: z.enum(['kms', 'local']),
  /** The wrapped data key. */
  key: z.string().min(1),
  iv: z.string().min(1),
  tag: z.string().min(1),
  data: z.string(),
});
export type SealedValue = z.infer<typeof sealedValueSchema>;

const IV_BYTES = 12;
const KEY_BYTES = 32;

/** The context as GCM additional data: its entries sorted, so the order they are given in is moot. */
function additionalData(context: Context): Buffer {
  return Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : 1))));
}

function gcmEncrypt(key: Buffer, plaintext: Buffer, aad: Buffer) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
}

function gcmDecrypt(key: Buffer, parts: { iv: Buffer; tag: Buffer; data: Buffer }, aad: Buffer) {
  const decipher = createDecipheriv('aes-256-gcm', key, parts.iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(parts.tag);
  return Buffer.concat([decipher.update(parts.data), decipher.final()]);
}

/** The KMS key `keyId` (an ARN, id or alias) as key-encryption key. */
export function kmsKeyEncryptionKey(
  keyId: string,
  client: KMSClient = kmsClient(),
): KeyEncryptionKey {
  return {
    kind: 'kms',
    async newDataKey(context) {
      const answer = await client.send(
        new GenerateDataKeyCommand({
          KeyId: keyId,
          KeySpec: 'AES_256',
          EncryptionContext: { ...context },
        }),
      );
      if (!answer.Plaintext || !answer.CiphertextBlob) {
        throw new Error('KMS GenerateDataKey answered no data key');
      }
      return {
        plaintext: Buffer.from(answer.Plaintext),
        wrapped: Buffer.from(answer.CiphertextBlob),
      };
    },
    async unwrapDataKey(wrapped, context) {
      const answer = await client.send(
        new DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: new Uint8Array(wrapped),
          EncryptionContext: { ...context },
        }),
      );
      if (!answer.Plaintext) throw new Error('KMS Decrypt answered no data key');
      return Buffer.from(answer.Plaintext);
    },
  };
}

/**
 * A 256-bit local key as key-encryption key: it wraps each data key with AES-256-GCM (the wrapped
 * form is iv, tag and ciphertext), bound to the context like KMS binds its encryption context.
 */
export function localKeyEncryptionKey(kek: Buffer): KeyEncryptionKey {
  if (kek.length !== KEY_BYTES) {
    throw new Error(`The local key-encryption key must be ${KEY_BYTES} bytes`);
  }
  const key = Buffer.from(kek);
  return {
    kind: 'local',
    async newDataKey(context) {
      const plaintext = randomBytes(KEY_BYTES);
      const { iv, tag, data } = gcmEncrypt(key, plaintext, additionalData(context));
      return { plaintext, wrapped: Buffer.concat([iv, tag, data]) };
    },
    async unwrapDataKey(wrapped, context) {
      return gcmDecrypt(
        key,
        {
          iv: wrapped.subarray(0, IV_BYTES),
          tag: wrapped.subarray(IV_BYTES, IV_BYTES + 16),
          data: wrapped.subarray(IV_BYTES + 16),
        },
        additionalData(context),
      );
    },
  };
}

/**
 * The key of this environment: the KMS key `FIRM_SECRETS_KEY_ID` (set by CDK on the firms function
 * only), else the local key `FIRM_SECRETS_LOCAL_KEY` (base64; the local stack's `.data/` and the test
 * services). Read per call, so tests may set the variables after import.
 */
export function configuredKeyEncryptionKey(): KeyEncryptionKey {
  const keyId = process.env.FIRM_SECRETS_KEY_ID;
  if (keyId) return kmsKeyEncryptionKey(keyId);
  const local = process.env.FIRM_SECRETS_LOCAL_KEY;
  if (local) return localKeyEncryptionKey(Buffer.from(local, 'base64'));
  throw new Error(
    'Function environment is missing FIRM_SECRETS_KEY_ID (AWS) or FIRM_SECRETS_LOCAL_KEY (local)',
  );
}

/** Seals `value` (any JSON) under a fresh data key bound to `context`. */
export async function seal(
  value: unknown,
  context: Context,
  kek: KeyEncryptionKey = configuredKeyEncryptionKey(),
): Promise<SealedValue> {
  const { plaintext, wrapped } = await kek.newDataKey(context);
  try {
    const { iv, tag, data } = gcmEncrypt(
      plaintext,
      Buffer.from(JSON.stringify(value)),
      additionalData(context),
    );
    return {
      v: 1,
      kek: kek.kind,
      key: wrapped.toString('base64'),
      iv: iv.toString('base64'),
      tag: tag.toString('base64'),
      data: data.toString('base64'),
    };
  } finally {
    plaintext.fill(0);
  }
}

/** Opens a sealed value; throws when it was tampered with or sealed for another context or key. */
export async function openSealed(
  sealed: SealedValue,
  context: Context,
  kek: KeyEncryptionKey = configuredKeyEncryptionKey(),
): Promise<unknown> {
  if (sealed.kek !== kek.kind) {
    throw new Error(`A value sealed with ${sealed.kek} cannot be opened with the ${kek.kind} key`);
  }
  const dataKey = await kek.unwrapDataKey(Buffer.from(sealed.key, 'base64'), context);
  try {
    const plaintext = gcmDecrypt(
      dataKey,
      {
        iv: Buffer.from(sealed.iv, 'base64'),
        tag: Buffer.from(sealed.tag, 'base64'),
        data: Buffer.from(sealed.data, 'base64'),
      },
      additionalData(context),
    );
    return JSON.parse(plaintext.toString('utf8')) as unknown;
  } finally {
    dataKey.fill(0);
  }
}

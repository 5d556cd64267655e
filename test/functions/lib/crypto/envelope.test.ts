import { randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import {
  configuredKeyEncryptionKey,
  kmsKeyEncryptionKey,
  localKeyEncryptionKey,
  openSealed,
  seal,
} from '../../../../functions/lib/crypto/envelope';

const KEY_ARN = 'arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const context = { firmId: 'acme-trading' };
const secret = { stripeKeys: { secret: 'sk_live_very_secret' }, passwords: ['p@ss-1'] };

describe('envelope encryption through KMS', () => {
  const kms = mockClient(KMSClient);
  /** What KMS would hold: the wrapped form of each data key it handed out. */
  const issued = new Map<string, Uint8Array>();

  beforeEach(() => {
    kms.reset();
    issued.clear();
    kms.on(GenerateDataKeyCommand).callsFake(() => {
      const plaintext = new Uint8Array(randomBytes(32));
      const wrapped = new Uint8Array(randomBytes(184));
      issued.set(Buffer.from(wrapped).toString('base64'), plaintext);
      return { KeyId: KEY_ARN, Plaintext: plaintext, CiphertextBlob: wrapped };
    });
    kms.on(DecryptCommand).callsFake((input: { CiphertextBlob: Uint8Array }) => ({
      KeyId: KEY_ARN,
      Plaintext: issued.get(Buffer.from(input.CiphertextBlob).toString('base64')),
    }));
  });

  it('asks KMS for a fresh AES-256 data key per seal, bound to the context, and stores only its wrapped form', async () => {
    const kek = kmsKeyEncryptionKey(KEY_ARN, new KMSClient({}));

    const first = await seal(secret, context, kek);
    const second = await seal(secret, context, kek);

    const calls = kms.commandCalls(GenerateDataKeyCommand);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.args[0].input).toEqual({
      KeyId: KEY_ARN,
      KeySpec: 'AES_256',
      EncryptionContext: context,
    });
    expect(first.kek).toBe('kms');
    expect(first.key).not.toBe(second.key);
    expect(first.data).not.toBe(second.data);
    const stored = JSON.stringify(first);
    expect(stored).not.toContain('sk_live_very_secret');
    for (const plaintext of issued.values()) {
      expect(stored).not.toContain(Buffer.from(plaintext).toString('base64'));
    }
  });

  it('opens through KMS Decrypt with the same context', async () => {
    const kek = kmsKeyEncryptionKey(KEY_ARN, new KMSClient({}));
    const sealed = await seal(secret, context, kek);

    await expect(openSealed(sealed, context, kek)).resolves.toEqual(secret);

    const calls = kms.commandCalls(DecryptCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      KeyId: KEY_ARN,
      CiphertextBlob: new Uint8Array(Buffer.from(sealed.key, 'base64')),
      EncryptionContext: context,
    });
  });

  it('refuses a sealed value moved to another firm (the ciphertext is bound to its firm)', async () => {
    const kek = kmsKeyEncryptionKey(KEY_ARN, new KMSClient({}));
    const sealed = await seal(secret, context, kek);

    await expect(openSealed(sealed, { firmId: 'other-firm' }, kek)).rejects.toThrow();
  });

  it('fails when KMS refuses, never answering plaintext', async () => {
    kms.on(DecryptCommand).rejects(new Error('AccessDeniedException'));
    const kek = kmsKeyEncryptionKey(KEY_ARN, new KMSClient({}));
    const sealed = await seal(secret, context, kek);

    await expect(openSealed(sealed, context, kek)).rejects.toThrow('AccessDeniedException');
  });
});

describe('envelope encryption with the local key', () => {
  const kek = localKeyEncryptionKey(randomBytes(32));

  it('seals and opens with a fresh data key each time', async () => {
    const first = await seal(secret, context, kek);
    const second = await seal(secret, context, kek);

    expect(first.kek).toBe('local');
    expect(first.key).not.toBe(second.key);
    expect(JSON.stringify(first)).not.toContain('very_secret');
    await expect(openSealed(first, context, kek)).resolves.toEqual(secret);
  });

  it('refuses a tampered ciphertext, another firm, another key and a KMS-sealed value', async () => {
    const sealed = await seal(secret, context, kek);
    const flipped = Buffer.from(sealed.data, 'base64');
    flipped[0] = flipped[0]! ^ 1;

    await expect(
      openSealed({ ...sealed, data: flipped.toString('base64') }, context, kek),
    ).rejects.toThrow();
    await expect(openSealed(sealed, { firmId: 'other' }, kek)).rejects.toThrow();
    await expect(
      openSealed(sealed, context, localKeyEncryptionKey(randomBytes(32))),
    ).rejects.toThrow();
    await expect(openSealed({ ...sealed, kek: 'kms' }, context, kek)).rejects.toThrow(
      /sealed with kms/,
    );
  });

  it('refuses a local key that is not 32 bytes', () => {
    expect(() => localKeyEncryptionKey(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('the configured key', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('is KMS when the function has a key id, else the local key, else an error naming both', () => {
    process.env.FIRM_SECRETS_KEY_ID = KEY_ARN;
    expect(configuredKeyEncryptionKey().kind).toBe('kms');

    delete process.env.FIRM_SECRETS_KEY_ID;
    process.env.FIRM_SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');
    expect(configuredKeyEncryptionKey().kind).toBe('local');

    delete process.env.FIRM_SECRETS_LOCAL_KEY;
    expect(() => configuredKeyEncryptionKey()).toThrow(
      /FIRM_SECRETS_KEY_ID.*FIRM_SECRETS_LOCAL_KEY/,
    );
  });
});

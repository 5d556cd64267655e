import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The local stack's key-encryption key of firm secrets (KMS in AWS). No KMS exists
 * locally, so the first start generates a random 256-bit key into `.data/firm-secrets.key`
 * (readable by the owner only) and every later start reuses it; the stack hands it to the functions
 * as `FIRM_SECRETS_LOCAL_KEY`. `npm run reset` deletes it with the data it protects.
 */
export function ensureLocalSecretsKey(file: string): string {
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (Buffer.from(key, 'base64').length !== 32) {
      throw new Error(
        `${file} does not hold a 32-byte base64 key: delete it with the data (npm run reset)`,
      );
    }
    return key;
  }
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

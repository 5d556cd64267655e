import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocalSecretsKey } from '../../../scripts/local-stack/secrets-key';

describe('the local key of firm secrets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deskline-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated once, owner-readable only, and reused by every later start', () => {
    const file = join(dir, 'firm-secrets.key');

    const first = ensureLocalSecretsKey(file);
    const second = ensureLocalSecretsKey(file);

    expect(Buffer.from(first, 'base64')).toHaveLength(32);
    expect(second).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a file that holds no 32-byte key rather than sealing with it', () => {
    const file = join(dir, 'broken.key');
    writeFileSync(file, 'short');

    expect(() => ensureLocalSecretsKey(file)).toThrow(/32-byte/);
  });
});

import * as z from 'zod';
import type { Firm } from './firm';

/**
 * Every secret a firm holds, apart from the rest of it: the payout, Stripe and server key
 * maps, each management account's password, and each manager software's password and API keys.
 * The firm repository stores these sealed (functions/lib/crypto/envelope.ts) and the rest in the
 * clear; `firmWithoutSecrets` (firm-requests.ts) is the firm with these removed. Positions follow the
 * firm's broker, management-account and software lists, which are written whole with the secrets.
 */
export const firmSecretsSchema = z.object({
  payoutKeys: z.record(z.string(), z.unknown()),
  stripeKeys: z.record(z.string(), z.unknown()),
  serverKeys: z.record(z.string(), z.unknown()),
  /** Per broker, per management account: its password, or null. */
  mgrPasswords: z.array(z.array(z.string().nullable())),
  /** Per manager software entry. */
  software: z.array(
    z.object({ password: z.string().nullable(), apiKeys: z.record(z.string(), z.string()) }),
  ),
});
export type FirmSecrets = z.infer<typeof firmSecretsSchema>;

export function secretsOf(firm: Firm): FirmSecrets {
  return {
    payoutKeys: firm.payoutKeys,
    stripeKeys: firm.stripeKeys,
    serverKeys: firm.serverKeys,
    mgrPasswords: firm.brokers.map((broker) =>
      broker.mgrAccount.map((account) => account.password ?? null),
    ),
    software: firm.managerSoftware.map((software) => ({
      password: software.password ?? null,
      apiKeys: software.apiKeys,
    })),
  };
}

/** The firm with `secrets` put back in place (a missing one stays absent). */
export function withSecrets(firm: Firm, secrets: FirmSecrets): Firm {
  const present = (value: string | null | undefined) =>
    value === null || value === undefined ? {} : { password: value };
  return {
    ...firm,
    payoutKeys: secrets.payoutKeys,
    stripeKeys: secrets.stripeKeys,
    serverKeys: secrets.serverKeys,
    brokers: firm.brokers.map((broker, brokerAt) => ({
      ...broker,
      mgrAccount: broker.mgrAccount.map((account, accountAt) => ({
        ...account,
        ...present(secrets.mgrPasswords[brokerAt]?.[accountAt]),
      })),
    })),
    managerSoftware: firm.managerSoftware.map((software, at) => ({
      ...software,
      ...present(secrets.software[at]?.password),
      apiKeys: secrets.software[at]?.apiKeys ?? {},
    })),
  };
}

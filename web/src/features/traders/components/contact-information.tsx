import { Box, Heading, Link, Stack, chakra } from '@chakra-ui/react';
import type { Trader } from '@shared/traders/trader';
import { TraderStatusBadge } from '@/components/badges/badges';
import type { FieldRow } from '@/components/figures/field-list';
import { MASKED, SecretText } from '@/components/secret-text/secret-text';
import { MISSING } from '@/lib/format';
import { mailtoHref, telHref } from '@/config/paths';
import { DashboardCard, Fields } from './trader-dashboard-parts';

/** Decision 31: a password shows as a fixed 8 bullets, never as many as its characters. */
export function maskedPassword(): string {
  return MASKED;
}

const PASSWORD_LABEL = 'Rithmic password';

/**
 * The Technical Credentials password (decision 31): 8 bullets, with reveal and copy when the answer
 * carries the password (staff); the API withholds it from a trader, who sees the bullets only.
 */
function CredentialPassword({ password }: { password: string | undefined }) {
  if (password)
    return <SecretText value={password} label={PASSWORD_LABEL} testId="masked-password" />;
  return (
    <chakra.span
      fontFamily="mono"
      letterSpacing="wider"
      aria-label="Password hidden"
      data-testid="masked-password"
    >
      {maskedPassword()}
    </chakra.span>
  );
}

/** Contact Information (spec 000 §2), with the membership record's blocks when there is one. */
export function ContactInformation({ trader }: { trader: Trader }) {
  const amember = trader.amember;
  return (
    <DashboardCard title="Contact Information">
      <Stack gap="4">
        <Fields
          items={[
            ['Trader ID', <chakra.span fontFamily="mono">{trader.traderId}</chakra.span>],
            ['Full Name', `${trader.firstName} ${trader.lastName}`.trim() || MISSING],
            ['Username', trader.username || MISSING],
            ['Status', <TraderStatusBadge status={trader.status} />],
            [
              'Email',
              <Link href={mailtoHref(trader.email)} colorPalette="blue">
                {trader.email}
              </Link>,
            ],
            [
              'Phone',
              trader.phoneNumber ? (
                <Link href={telHref(trader.phoneNumber)} colorPalette="blue">
                  {trader.phoneNumber}
                </Link>
              ) : (
                MISSING
              ),
            ],
          ]}
        />
        {amember && (
          <>
            <Box>
              <Heading as="h3" size="sm" mb="2">
                Address
              </Heading>
              <Fields
                label="Address"
                items={[
                  ['Street', amember.street || MISSING],
                  ...(amember.street2 ? [['Street 2', amember.street2] as FieldRow] : []),
                  ['City', amember.city || MISSING],
                  ['ZIP', amember.zip || MISSING],
                  ['Country', amember.country || MISSING],
                  [
                    'Secondary Phone',
                    amember.phone ? (
                      <Link href={telHref(amember.phone)} colorPalette="blue">
                        {amember.phone}
                      </Link>
                    ) : (
                      MISSING
                    ),
                  ],
                  ['Rithmic User ID', amember.rithmic_user_id || MISSING],
                ]}
              />
            </Box>
            <Box>
              <Heading as="h3" size="sm" mb="2">
                Technical Credentials
              </Heading>
              <Fields
                label="Technical credentials"
                items={[
                  ['Rithmic User ID', amember.rithmic_user_id || MISSING],
                  ['Password', <CredentialPassword password={amember.rithmic_passwd} />],
                ]}
              />
            </Box>
          </>
        )}
      </Stack>
    </DashboardCard>
  );
}

import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Firm } from '@shared/firms/firm';
import { SecretText } from '@/components/secret-text/secret-text';
import { SectionCard } from '@/components/section/section-card';
import { formatCount, formatDateTime, formatMoney } from '@/lib/format';
import { Details, ExternalLink, MailLink } from './firm-fields';

type Broker = Firm['brokers'][number];

export function FirmInformation({ firm }: { firm: Firm }) {
  return (
    <SectionCard title="Firm Information" label="Firm information" size="md">
      <Details
        label="Firm details"
        entries={[
          ['Industry', firm.industry],
          ['Email', <MailLink key="email" email={firm.email} />],
          ['Website', firm.website && <ExternalLink href={firm.website} />],
          ['Contact Number', firm.contactNumber],
          ['Address', firm.address],
          ['Established Year', firm.establishedYear],
          ['Employees', formatCount(firm.numberOfEmployees)],
          ['Revenue', firm.revenue === undefined ? undefined : formatMoney(firm.revenue)],
          ['Created', firm.createdAt && formatDateTime(firm.createdAt)],
          ['Updated', firm.updatedAt && formatDateTime(firm.updatedAt)],
        ]}
      />
    </SectionCard>
  );
}

/** A broker of the firm with its management accounts (their passwords hidden until revealed). */
function BrokerCard({ broker, index }: { broker: Broker; index: number }) {
  return (
    <Box borderWidth="1px" rounded="md" p="4">
      <Heading as="h3" size="sm" mb="2">
        {broker.name}
      </Heading>
      <Details
        label={`Broker ${index + 1} details`}
        entries={[
          ['Industry', broker.industry],
          ['Email', broker.email && <MailLink email={broker.email} />],
          ['Website', broker.website && <ExternalLink href={broker.website} />],
          ['Contact Number', broker.contactNumber],
          ['Address', broker.address],
          ['Established Year', broker.establishedYear],
          ['Employees', formatCount(broker.numberOfEmployees)],
          ['Revenue', broker.revenue === undefined ? undefined : formatMoney(broker.revenue)],
        ]}
      />
      <Text fontWeight="medium" mt="3" mb="1">
        Management Accounts ({broker.mgrAccount.length})
      </Text>
      <Stack gap="2">
        {broker.mgrAccount.map((account, accountIndex) => {
          const name = account.accountNumber ?? accountIndex + 1;
          return (
            <Box
              key={account.id ?? accountIndex}
              borderWidth="1px"
              rounded="md"
              p="3"
              bg="bg.subtle"
            >
              <Details
                label={`Management account ${name}`}
                entries={[
                  ['Account Number', account.accountNumber],
                  ['Account Type', account.accountType],
                  ['Description', account.description],
                  ['Username', account.username],
                  [
                    'Password',
                    account.password && (
                      <SecretText value={account.password} label={`password of account ${name}`} />
                    ),
                  ],
                  ['Connection', account.connection],
                  ['URL', account.url && <ExternalLink href={account.url} />],
                ]}
              />
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

export function Brokers({ firm }: { firm: Firm }) {
  return (
    <SectionCard title={`Brokers (${firm.brokers.length})`} label="Brokers" size="md">
      {firm.brokers.length === 0 && <Text color="fg.muted">No brokers.</Text>}
      <Stack gap="4">
        {firm.brokers.map((broker, index) => (
          <BrokerCard key={broker.id ?? index} broker={broker} index={index} />
        ))}
      </Stack>
    </SectionCard>
  );
}

export function ManagerSoftware({ firm }: { firm: Firm }) {
  return (
    <SectionCard
      title={`Manager Software (${firm.managerSoftware.length})`}
      label="Manager software"
      size="md"
    >
      {firm.managerSoftware.length === 0 && <Text color="fg.muted">No manager software.</Text>}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {firm.managerSoftware.map((software, index) => (
          <Box key={software.id ?? index} borderWidth="1px" rounded="md" p="4">
            <Heading as="h3" size="sm" mb="2">
              {software.name ?? `Software ${index + 1}`}
            </Heading>
            <Details
              label={`Software ${index + 1} details`}
              entries={[
                ['Name', software.name],
                ['Version', software.version],
                ['Server URL', software.serverUrl && <ExternalLink href={software.serverUrl} />],
                ['Username', software.username],
                [
                  'Password',
                  software.password && (
                    <SecretText
                      value={software.password}
                      label={`password of ${software.name ?? `software ${index + 1}`}`}
                    />
                  ),
                ],
              ]}
            />
          </Box>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

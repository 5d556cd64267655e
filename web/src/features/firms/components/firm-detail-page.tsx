import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Flex,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Firm } from '@shared/firms/firm';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { formatCount, formatDateTime, formatMoney } from '@/lib/format';
import { useDeleteFirm } from '@/api/firms';
import { FIRM_MESSAGES, STATUS_COLOR, STATUS_LABEL } from '../firm-display';
import { FirmPage } from './firm-page';
import { SecretText } from '@/components/secret-text/secret-text';
import { mailtoHref, paths } from '@/config/paths';

type Entry = [string, ReactNode | undefined];

function Details({ entries, label }: { entries: Entry[]; label: string }) {
  const shown = entries.filter(([, value]) => value !== undefined && value !== '');
  if (shown.length === 0) return null;
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label={label}>
      {shown.map(([name, value]) => (
        <DataList.Item key={name} minW="0">
          <DataList.ItemLabel minW={{ base: '110px', sm: '150px' }}>{name}</DataList.ItemLabel>
          {/* A URL or e-mail is one long word: it breaks rather than leave its card (390 px). */}
          <DataList.ItemValue minW="0" overflowWrap="anywhere">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function ExternalLink({ href }: { href: string | undefined }) {
  if (!href) return undefined;
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      colorPalette="blue"
      overflowWrap="anywhere"
    >
      {href}
    </Link>
  );
}

function MailLink({ email }: { email: string | undefined }) {
  if (!email) return undefined;
  return (
    <Link href={mailtoHref(email)} colorPalette="blue" overflowWrap="anywhere">
      {email}
    </Link>
  );
}

function FirmDetails({ firm }: { firm: Firm }) {
  const navigate = useNavigate();
  const deleteFirm = useDeleteFirm();
  const [confirming, setConfirming] = useState(false);

  const remove = () =>
    deleteFirm.mutate(firm.id, {
      onSuccess: () => {
        setConfirming(false);
        toaster.create({ type: 'success', title: FIRM_MESSAGES.deleted });
        void navigate(paths.firms.href());
      },
      onError: () => {
        setConfirming(false);
        toaster.create({ type: 'error', title: FIRM_MESSAGES.deleteFailed, closable: true });
      },
    });

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <Stack gap="1" minW="0">
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size="2xl">
              {firm.name}
            </Heading>
            <Badge colorPalette={STATUS_COLOR[firm.status]} size="lg">
              {STATUS_LABEL[firm.status]}
            </Badge>
          </HStack>
          <Text fontFamily="mono" color="fg.muted">
            {firm.id}
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button asChild variant="outline">
            <RouterLink to={paths.firmEdit.href({ id: firm.id })}>
              <LuPencil /> Edit Firm
            </RouterLink>
          </Button>
          <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
            <LuTrash2 /> Delete Firm
          </Button>
        </HStack>
      </Flex>

      <Card.Root as="section" aria-label="Firm information">
        <Card.Header>
          <Heading as="h2" size="md">
            Firm Information
          </Heading>
        </Card.Header>
        <Card.Body>
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
        </Card.Body>
      </Card.Root>

      <Card.Root as="section" aria-label="Brokers">
        <Card.Header>
          <Heading as="h2" size="md">
            Brokers ({firm.brokers.length})
          </Heading>
        </Card.Header>
        <Card.Body>
          {firm.brokers.length === 0 && <Text color="fg.muted">No brokers.</Text>}
          <Stack gap="4">
            {firm.brokers.map((broker, index) => (
              <Box key={broker.id ?? index} borderWidth="1px" rounded="md" p="4">
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
                    [
                      'Revenue',
                      broker.revenue === undefined ? undefined : formatMoney(broker.revenue),
                    ],
                  ]}
                />
                <Text fontWeight="medium" mt="3" mb="1">
                  Management Accounts ({broker.mgrAccount.length})
                </Text>
                <Stack gap="2">
                  {broker.mgrAccount.map((account, accountIndex) => (
                    <Box
                      key={account.id ?? accountIndex}
                      borderWidth="1px"
                      rounded="md"
                      p="3"
                      bg="bg.subtle"
                    >
                      <Details
                        label={`Management account ${account.accountNumber ?? accountIndex + 1}`}
                        entries={[
                          ['Account Number', account.accountNumber],
                          ['Account Type', account.accountType],
                          ['Description', account.description],
                          ['Username', account.username],
                          [
                            'Password',
                            account.password && (
                              <SecretText
                                value={account.password}
                                label={`password of account ${account.accountNumber ?? accountIndex + 1}`}
                              />
                            ),
                          ],
                          ['Connection', account.connection],
                          ['URL', account.url && <ExternalLink href={account.url} />],
                        ]}
                      />
                    </Box>
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>

      <Card.Root as="section" aria-label="Manager software">
        <Card.Header>
          <Heading as="h2" size="md">
            Manager Software ({firm.managerSoftware.length})
          </Heading>
        </Card.Header>
        <Card.Body>
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
                    [
                      'Server URL',
                      software.serverUrl && <ExternalLink href={software.serverUrl} />,
                    ],
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
        </Card.Body>
      </Card.Root>

      {firm.notes && (
        <Card.Root as="section" aria-label="Notes">
          <Card.Header>
            <Heading as="h2" size="md">
              Notes
            </Heading>
          </Card.Header>
          <Card.Body>
            <Text whiteSpace="pre-wrap">{firm.notes}</Text>
          </Card.Body>
        </Card.Root>
      )}

      <ConfirmDialog
        open={confirming}
        title={`Delete ${firm.name}`}
        message={FIRM_MESSAGES.deleteConfirm}
        confirmLabel="Delete Firm"
        destructive
        isPending={deleteFirm.isPending}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** `/firms/:id` (spec 001 §2.21): the firm, its brokers, software and notes. */
export function FirmDetailPage() {
  return (
    <FirmPage failedTitle={FIRM_MESSAGES.detailsFailed}>
      {(firm) => <FirmDetails firm={firm} />}
    </FirmPage>
  );
}

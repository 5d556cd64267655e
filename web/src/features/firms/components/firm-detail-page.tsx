import { Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Firm } from '@shared/firms/firm';
import { SectionCard } from '@/components/section/section-card';
import { paths } from '@/config/paths';
import { FIRM_MESSAGES, STATUS_COLOR, STATUS_LABEL } from '../firm-display';
import { DeleteFirmDialog } from './delete-firm-dialog';
import { Brokers, FirmInformation, ManagerSoftware } from './firm-detail-sections';
import { FirmPage } from './firm-page';

function FirmDetails({ firm }: { firm: Firm }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

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

      <FirmInformation firm={firm} />
      <Brokers firm={firm} />
      <ManagerSoftware firm={firm} />
      {firm.notes && (
        <SectionCard title="Notes" size="md">
          <Text whiteSpace="pre-wrap">{firm.notes}</Text>
        </SectionCard>
      )}

      <DeleteFirmDialog
        open={confirming}
        firm={firm}
        onClose={() => setConfirming(false)}
        onDeleted={() => void navigate(paths.firms.href())}
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

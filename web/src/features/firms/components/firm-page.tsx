import { Box, Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Firm } from '@shared/firms/firm';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { ApiError } from '@/lib/api-client';
import { useFirm } from '@/api/firms';
import { FIRM_MESSAGES } from '../firm-display';

export function BackToFirms() {
  return (
    <Button asChild variant="ghost" size="sm" mb="2">
      <RouterLink to="/firms">
        <LuArrowLeft /> Back to Firms
      </RouterLink>
    </Button>
  );
}

/**
 * A page of the firm the URL names (`/firms/:id`, `/firms/:id/edit`): Back to Firms, the `header`,
 * then the firm as `children` draws it, or its loading state, or an error (not found on a 404, else
 * `failedTitle`) with Try Again.
 */
export function FirmPage({
  header,
  failedTitle,
  children,
}: {
  header?: (id: string | undefined) => ReactNode;
  failedTitle: string;
  children: (firm: Firm) => ReactNode;
}) {
  const { id } = useParams();
  const firm = useFirm(id);
  let content;
  if (firm.isPending || (firm.isError && firm.isFetching)) {
    content = <PageLoading label="Loading firm..." />;
  } else if (firm.isError) {
    const missing = firm.error instanceof ApiError && firm.error.status === 404;
    content = (
      <PageError
        title={missing ? FIRM_MESSAGES.notFound : failedTitle}
        error={firm.error}
        onRetry={() => void firm.refetch()}
      />
    );
  } else {
    content = children(firm.data);
  }
  return (
    <Box>
      <BackToFirms />
      {header?.(id)}
      {content}
    </Box>
  );
}

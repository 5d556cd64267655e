import { PageHeader } from '@/components/ui/page-header';
import { PageError } from '@/components/ui/page-states';
import { LOAD_ERROR_TEXT } from '../summary-texts';

/** An account page whose account did not load: its title, the failure and Try Again. */
export function AccountLoadError({
  title,
  query,
}: {
  title: string;
  /** The account's query, retried by Try Again. */
  query: { error: unknown; refetch: () => unknown };
}) {
  return (
    <>
      <PageHeader title={title} />
      <PageError title={LOAD_ERROR_TEXT} error={query.error} onRetry={() => void query.refetch()} />
    </>
  );
}

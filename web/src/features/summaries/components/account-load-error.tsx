import { PageHeader } from '@/components/ui/page-header';
import { PageError } from '@/components/ui/page-states';
import { LOAD_ERROR_TEXT } from '../summary-texts';

/** An account page whose account did not load: its title, the failure and Try Again. */
export function AccountLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <>
      <PageHeader title={title} />
      <PageError title={LOAD_ERROR_TEXT} error={error} onRetry={onRetry} />
    </>
  );
}

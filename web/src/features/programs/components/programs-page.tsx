import { LuLayers } from 'react-icons/lu';
import { PageHeader } from '../../../components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/ui/page-states';
import { usePrograms } from '../api/programs';
import { ProgramsTable } from './programs-table';

function ProgramsContent() {
  const programs = usePrograms();

  // A retry after an error shows the spinner again, so the click visibly does something.
  if (programs.isPending || (programs.isError && programs.isFetching)) {
    return <PageLoading label="Loading trading programs..." />;
  }
  if (programs.isError) {
    return (
      <PageError
        title="Could not load trading programs"
        error={programs.error}
        onRetry={() => void programs.refetch()}
      />
    );
  }
  if (programs.data.length === 0) {
    return (
      <PageEmpty
        icon={<LuLayers />}
        title="No Trading Programs Found"
        description="Programs appear here once they have been created."
      />
    );
  }
  return <ProgramsTable programs={programs.data} />;
}

export function ProgramsPage() {
  return (
    <>
      <PageHeader
        title="Trading Programs"
        subtitle="Manage your evaluation, sim-funded and live-funded trading programs."
      />
      <ProgramsContent />
    </>
  );
}

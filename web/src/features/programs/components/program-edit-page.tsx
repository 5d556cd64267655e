import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowLeft, LuBraces, LuRefreshCw } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { Program } from '@shared/programs/program';
import type { ProgramSaveResult } from '@shared/programs/program-requests';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { JsonModal } from '@/components/json-modal/json-modal';
import { PageHeader } from '@/components/ui/page-header';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { resumeAction } from '@/components/jobs/resume-action';
import { toaster } from '@/components/ui/toaster';
import { ApiError, errorText } from '@/lib/api-client';
import { useUrlFilters } from '@/lib/url-state';
import { useRuleCatalogue } from '@/api/rules';
import {
  useForceUpdateProgramAccounts,
  useProgram,
  useStartImpactPreview,
  useUpdateProgram,
} from '@/api/programs';
import type { ProgramUpgradeResult } from '@shared/programs/program-impact';
import { ImpactPreviewPanel } from '../impact/impact-preview-panel';
import { StatusChangesDialog } from '../impact/status-changes';
import { programToFormValues } from '../form/form-values';
import { ProgramFormScreen } from '../form/program-form-screen';
import type { RuleCatalogue } from '@/lib/programs/program-columns';
import { ProgramRuleVersions } from './program-rule-versions';
import { ProgramUpdatedModal } from './program-updated-modal';
import { ProgramVersionView } from './program-version-view';
import { VersionHistory } from './version-history';
import { paths } from '@/config/paths';

/** Spec 001 §8: the upgrade result starts with a tick. */
export function upgradeResultText(updated: number, version: number, errors: number): string {
  return `✓ Successfully upgraded ${updated} accounts to program version ${version}. Errors: ${errors}`;
}

function EditProgram({
  program,
  catalogue,
  onReload,
}: {
  program: Program;
  catalogue: RuleCatalogue;
  onReload: () => void;
}) {
  const navigate = useNavigate();
  const update = useUpdateProgram(program.prefix);
  const forceUpdate = useForceUpdateProgramAccounts();
  const [saved, setSaved] = useState<ProgramSaveResult>();
  const [showJson, setShowJson] = useState(false);
  const [confirmingForce, setConfirmingForce] = useState(false);
  const [defaults] = useState(() => programToFormValues(program));
  const startPreview = useStartImpactPreview(program.prefix);
  const [previewId, setPreviewId] = useState<string>();
  // The accounts an upgrade changed, shown before the screen moves on (`then`).
  const [upgraded, setUpgraded] = useState<{ result: ProgramUpgradeResult; then: () => void }>();
  const showChanges = (result: ProgramUpgradeResult, then: () => void) => {
    if (result.changes.length > 0) setUpgraded({ result, then });
    else then();
  };

  const backToPrograms = () => void navigate(paths.programs.href());

  // `resume`: the id of the job that stopped part-way, continued instead of a new one.
  const runForceUpdate = (onDone: () => void, kind: 'upgrade' | 'force', resume?: string): void =>
    forceUpdate.mutate(resume ? { prefix: program.prefix, resume } : program.prefix, {
      onSuccess: ({ result }) => {
        const announce = () =>
          toaster.create(
            kind === 'upgrade'
              ? {
                  type: result.errors > 0 ? 'warning' : 'success',
                  title: upgradeResultText(result.updated, result.programVersion, result.errors),
                }
              : {
                  type: result.errors > 0 ? 'warning' : 'success',
                  title: 'Force update completed',
                  description: `Updated: ${result.updated}, Errors: ${result.errors}, Program Version: ${result.programVersion}`,
                  duration: 10_000,
                  closable: true,
                },
          );
        // The result's toast comes once the changed accounts (a modal, under which no toast shows)
        // have been read.
        showChanges(result, () => {
          announce();
          onDone();
        });
      },
      onError: (error) => {
        toaster.create({
          type: 'error',
          title:
            kind === 'upgrade'
              ? 'Failed to upgrade accounts'
              : `Failed to force update accounts: ${errorText(error)}`,
          description: kind === 'upgrade' ? errorText(error) : undefined,
          duration: 10_000,
          closable: true,
          ...resumeAction(error, (jobId) => runForceUpdate(onDone, kind, jobId)),
        });
        onDone();
      },
    });

  return (
    <>
      <ProgramFormScreen
        mode="edit"
        subtitle={`${program.prefix} — ${program.name}`}
        leading={
          <Button variant="outline" colorPalette="orange" onClick={() => setConfirmingForce(true)}>
            <LuRefreshCw /> Force Update All Accounts
          </Button>
        }
        trailing={
          <Button variant="outline" onClick={() => setShowJson(true)}>
            <LuBraces /> View Program JSON
          </Button>
        }
        isSaving={update.isPending}
        isPreviewing={startPreview.isPending}
        onPreview={(values, failed) =>
          startPreview.mutate(
            { ...values, version: program.version + 1 },
            {
              onSuccess: (started) => setPreviewId(started.previewId),
              onError: (error) => failed('Failed to preview the impact', error),
            },
          )
        }
        defaultValues={defaults}
        onSave={(values, failed) =>
          update.mutate(
            { ...values, version: program.version + 1 },
            {
              onSuccess: (result) => {
                if (result.outdatedAccounts > 0) {
                  setSaved(result);
                  return;
                }
                toaster.create({
                  type: 'success',
                  title: `${result.prefix} saved as version ${result.version}`,
                });
                backToPrograms();
              },
              // A stale version: the server's sentence says to reload; the form offers it.
              onError: (error) =>
                failed(
                  'Failed to update program',
                  error,
                  error instanceof ApiError && error.status === 409
                    ? { label: 'Reload the latest version', onClick: onReload }
                    : undefined,
                ),
            },
          )
        }
      >
        {previewId && (
          <ImpactPreviewPanel
            key={previewId}
            prefix={program.prefix}
            previewId={previewId}
            onClose={() => setPreviewId(undefined)}
          />
        )}
        <ProgramRuleVersions
          program={program}
          catalogue={catalogue}
          onUpgraded={(result) => (result.outdatedAccounts > 0 ? setSaved(result) : onReload())}
        />
        <VersionHistory
          prefix={program.prefix}
          current={program.version}
          onReverted={(result) => showChanges(result, onReload)}
        />
      </ProgramFormScreen>
      <JsonModal
        open={showJson}
        title={`Program ${program.prefix} (version ${program.version})`}
        value={program}
        onClose={() => setShowJson(false)}
      />
      <ConfirmDialog
        open={confirmingForce}
        title="Force Update All Accounts"
        message={`This will update ALL accounts using the program ${program.prefix} to the latest version. This action cannot be undone. Continue?`}
        confirmLabel="Update All Accounts"
        destructive
        isPending={forceUpdate.isPending}
        onConfirm={() => runForceUpdate(() => setConfirmingForce(false), 'force')}
        onClose={() => setConfirmingForce(false)}
      />
      {upgraded && (
        <StatusChangesDialog
          version={upgraded.result.programVersion}
          changes={upgraded.result.changes}
          onClose={() => {
            setUpgraded(undefined);
            upgraded.then();
          }}
        />
      )}
      {saved && !upgraded && (
        <ProgramUpdatedModal
          prefix={saved.prefix}
          version={saved.version}
          outdatedAccounts={saved.outdatedAccounts}
          isUpgrading={forceUpdate.isPending}
          onSkip={backToPrograms}
          onUpgrade={() => runForceUpdate(backToPrograms, 'upgrade')}
        />
      )}
    </>
  );
}

const VERSION_PARAM = ['version'] as const;

/** Spec 001 §2.3 `/programs/{prefix}`; `?version=N` shows a past version read-only. */
export function ProgramEditPage() {
  const { prefix = '' } = useParams();
  const [{ version }] = useUrlFilters(VERSION_PARAM);
  const program = useProgram(prefix);
  const { catalogue } = useRuleCatalogue();
  // The form starts from the program as it was when the screen opened, and stays on it through a
  // save (whose modal is still to answer); a reload after a 409 starts it again from the latest.
  const [loads, setLoads] = useState(0);
  const versionParam = Number(version);
  const pastVersion = Number.isInteger(versionParam) && versionParam > 0 ? versionParam : undefined;

  if (program.isPending || (program.isError && program.isFetching)) {
    return (
      <>
        <PageHeader title="Edit Program" subtitle={prefix} />
        <PageLoading label="Loading program..." />
      </>
    );
  }
  if (program.isError) {
    const notFound = program.error instanceof ApiError && program.error.status === 404;
    return (
      <Stack gap="4">
        <PageHeader title="Edit Program" subtitle={prefix} />
        <PageError
          title={notFound ? 'Program not found' : 'Failed to load the program'}
          error={program.error}
          onRetry={() => void program.refetch()}
        />
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to={paths.programs.href()}>
            <LuArrowLeft /> Back to Programs
          </RouterLink>
        </Button>
      </Stack>
    );
  }
  if (pastVersion !== undefined && pastVersion !== program.data.version) {
    return (
      <ProgramVersionView current={program.data} version={pastVersion} catalogue={catalogue} />
    );
  }
  return (
    <EditProgram
      key={`${program.data.prefix}#${loads}`}
      program={program.data}
      catalogue={catalogue}
      onReload={() => void program.refetch().then(() => setLoads((count) => count + 1))}
    />
  );
}

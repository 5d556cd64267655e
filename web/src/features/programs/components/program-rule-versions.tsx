import { Badge, Button, Card, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { LuCircleArrowUp } from 'react-icons/lu';
import type { Program } from '@shared/programs/program';
import type { ProgramRulesUpgradeResult } from '@shared/programs/rule-versions';
import { DataTable } from '@/components/data-table/data-table';
import { errorText } from '@/lib/api-client';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { useUpgradeProgramRules } from '@/api/programs';
import type { RuleCatalogue } from '@/lib/programs/program-columns';

interface RuleVersionRow {
  key: string;
  phaseId: string;
  ruleId: string;
  name: string;
  pinned: number | undefined;
  latest: number | undefined;
}

/** Each phase's rule references with the rule version they pin and the rule's latest version. */
export function ruleVersionRows(program: Program, catalogue: RuleCatalogue): RuleVersionRow[] {
  return program.phases.flatMap((phase) =>
    phase.rules.rules.map((reference) => {
      const rule = catalogue.get(reference.ruleId);
      return {
        key: `${phase.phaseId}#${reference.ruleId}`,
        phaseId: phase.phaseId,
        ruleId: reference.ruleId,
        name: rule?.name ?? reference.ruleId,
        pinned: reference.ruleVersion,
        latest: rule?.ruleVersion,
      };
    }),
  );
}

const isOutdated = (row: RuleVersionRow) => row.latest !== undefined && row.pinned !== row.latest;

const phaseColumn: ColumnDef<RuleVersionRow> = {
  id: 'phaseId',
  header: 'Phase',
  cell: ({ row }) => row.original.phaseId,
};

const versionColumns: ColumnDef<RuleVersionRow>[] = [
  { id: 'name', header: 'Rule', meta: { wrap: true }, cell: ({ row }) => row.original.name },
  {
    id: 'pinned',
    header: 'Pinned version',
    meta: { wrap: true },
    cell: ({ row }) => row.original.pinned ?? 'Not pinned (judged with the latest)',
  },
  {
    id: 'latest',
    header: 'Latest version',
    cell: ({ row }) => (
      <Stack direction="row" align="center" gap="2" wrap="wrap">
        <Text>{row.original.latest ?? 'Missing'}</Text>
        {isOutdated(row.original) && <Badge colorPalette="orange">Newer</Badge>}
      </Stack>
    ),
  },
];

/**
 * Decision 36 on the program page: the rule version each reference of this program version pins,
 * and, on the current version, "Upgrade rules" when a rule has a newer version (the program's next
 * version pins the latest ones; `onUpgraded` gets the saved result).
 */
export function ProgramRuleVersions({
  program,
  catalogue,
  readOnly = false,
  onUpgraded,
}: {
  program: Program;
  catalogue: RuleCatalogue;
  readOnly?: boolean;
  onUpgraded?: (result: ProgramRulesUpgradeResult) => void;
}) {
  const upgrade = useUpgradeProgramRules();
  const [confirming, setConfirming] = useState(false);
  const rows = ruleVersionRows(program, catalogue);
  const outdated = rows.filter(isOutdated);
  // Most programs have one phase: its column would only repeat it (and cost width at 390 px).
  const showPhase = program.phases.length > 1;

  const runUpgrade = () =>
    upgrade.mutate(program.prefix, {
      onSuccess: (result) => {
        setConfirming(false);
        toaster.create({
          type: 'success',
          title:
            result.upgraded.length > 0
              ? `${result.prefix} saved as version ${result.version} with the latest rule versions`
              : `${result.prefix} already uses the latest rule versions`,
        });
        onUpgraded?.(result);
      },
      onError: (error) => {
        setConfirming(false);
        toaster.create({
          type: 'error',
          title: 'Failed to upgrade rules',
          description: errorText(error),
          duration: 10_000,
          closable: true,
        });
      },
    });

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
          <Stack gap="1">
            <Card.Title>Rule Versions</Card.Title>
            <Text color="fg.muted" fontSize="sm">
              Version {program.version} judges with the rule versions below; a rule edit reaches it
              through the program&apos;s next version or an upgrade.
            </Text>
          </Stack>
          {!readOnly && outdated.length > 0 && (
            <Button
              size="sm"
              colorPalette="blue"
              alignSelf={{ base: 'flex-start', sm: 'center' }}
              onClick={() => setConfirming(true)}
            >
              <LuCircleArrowUp /> Upgrade rules
            </Button>
          )}
        </Stack>
      </Card.Header>
      <Card.Body>
        <DataTable
          label="Rule versions"
          compact
          data={rows}
          columns={showPhase ? [phaseColumn, ...versionColumns] : versionColumns}
          getRowId={(row) => row.key}
          empty="No phase of this version has rules."
        />
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        title="Upgrade rules"
        message={`This saves ${program.prefix} as version ${program.version + 1}, pinning the latest version of ${outdated.length === 1 ? '1 rule' : `${outdated.length} rules`} (${[...new Set(outdated.map((row) => row.name))].join(', ')}). Accounts move to it when you upgrade them, as after any save. Continue?`}
        confirmLabel="Upgrade rules"
        isPending={upgrade.isPending}
        onConfirm={runUpgrade}
        onClose={() => setConfirming(false)}
      />
    </Card.Root>
  );
}

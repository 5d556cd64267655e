import { Badge, Link, chakra } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ConformanceRule } from '@shared/rules/conformance';
import { isRuleMultiday } from '@shared/rules/rule-definition';
import { MultidayBadge, RuleResultBadge, RuleTypeBadge, SeverityBadge } from '../badges/badges';
import { MISSING_NAME } from './rule-details-modal';
import { formatNumber } from '@/lib/format';
import { DataTable } from '@/components/data-table/data-table';

/** A rule's current or threshold value: up to two decimals, '-' when the rule has none. */
export function ruleValueText(value: number | null | undefined): string {
  return formatNumber(value, 2);
}

const RuleButton = chakra('button');

function ruleColumns(onOpenRule: (rule: ConformanceRule) => void): ColumnDef<ConformanceRule>[] {
  return [
    {
      id: 'name',
      header: 'Rule Name',
      cell: ({ row: { original } }) => (
        <>
          <Link asChild colorPalette="blue">
            <RuleButton
              type="button"
              textAlign="start"
              onClick={() => {
                if (!original.ruleId) {
                  console.warn('Rule has no ruleId', original);
                  return;
                }
                onOpenRule(original);
              }}
            >
              {original.name || MISSING_NAME}
            </RuleButton>
          </Link>
          {!original.name && (
            <Badge colorPalette="red" variant="solid" ms="2" size="sm">
              {MISSING_NAME}
            </Badge>
          )}
          <chakra.div fontFamily="mono" fontSize="xs" color="fg.muted">
            {original.ruleId}
          </chakra.div>
        </>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      cell: ({ row }) => <RuleTypeBadge type={row.original.type} />,
    },
    {
      id: 'multiday',
      header: 'Multiday',
      cell: ({ row }) => <MultidayBadge multiday={isRuleMultiday(row.original)} />,
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <RuleResultBadge type={row.original.type} passed={row.original.passed} />,
    },
    {
      id: 'currentValue',
      header: 'Current Value',
      meta: { numeric: true },
      cell: ({ row }) => ruleValueText(row.original.currentValue),
    },
    {
      id: 'thresholdValue',
      header: 'Threshold',
      meta: { numeric: true },
      cell: ({ row }) => ruleValueText(row.original.thresholdValue),
    },
    {
      id: 'description',
      header: 'Description',
      meta: { wrap: true, minW: '48' },
      cell: ({ row }) => row.original.description,
    },
    {
      id: 'severity',
      header: 'Severity',
      cell: ({ row }) => <SeverityBadge severity={row.original.severity} />,
    },
  ];
}

/**
 * The day's rule evaluations, the 'Rule Details' table of spec 000 §2 (Performance Report page),
 * shared by the report, the daily performance details and the conformance detail: Rule Name (opens
 * the Rule Details modal; an unnamed rule reads 'MISSING NAME' with a red badge; a rule without an id
 * only logs a warning, spec 000 §2), with the rule id under it, Type, Multiday ('multiday' or
 * 'daily', spec 000 §4), Status (the badge rule of spec 000 §4), Current Value, Threshold,
 * Description and Severity.
 */
export function ConformanceRulesTable({
  rules,
  onOpenRule,
  label = 'Rule evaluations',
}: {
  rules: readonly ConformanceRule[];
  onOpenRule: (rule: ConformanceRule) => void;
  /** The table's accessible name. */
  label?: string;
}) {
  return (
    <DataTable
      label={label}
      sortable={false}
      data={rules}
      columns={ruleColumns(onOpenRule)}
      // A day may evaluate a rule without an id, or one rule twice.
      getRowId={(rule, index) => `${rule.ruleId}-${index}`}
    />
  );
}

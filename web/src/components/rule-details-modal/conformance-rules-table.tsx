import { Badge, Link, Table, chakra } from '@chakra-ui/react';
import type { ConformanceRule } from '@shared/rules/conformance';
import { isRuleMultiday } from '@shared/rules/rule-definition';
import { MultidayBadge, RuleResultBadge, RuleTypeBadge, SeverityBadge } from '../badges/badges';
import { MISSING_NAME } from './rule-details-modal';
import { formatNumber } from '@/lib/format';

/** A rule's current or threshold value: up to two decimals, '-' when the rule has none. */
export function ruleValueText(value: number | null | undefined): string {
  return formatNumber(value, 2);
}

const RuleButton = chakra('button');

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
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0}>
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {[
              'Rule Name',
              'Type',
              'Multiday',
              'Status',
              'Current Value',
              'Threshold',
              'Description',
              'Severity',
            ].map((title) => (
              <Table.ColumnHeader key={title} whiteSpace="nowrap">
                {title}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rules.map((rule, index) => (
            <Table.Row key={`${rule.ruleId}-${index}`}>
              <Table.Cell>
                <Link asChild colorPalette="blue">
                  <RuleButton
                    type="button"
                    textAlign="start"
                    onClick={() => {
                      if (!rule.ruleId) {
                        console.warn('Rule has no ruleId', rule);
                        return;
                      }
                      onOpenRule(rule);
                    }}
                  >
                    {rule.name || MISSING_NAME}
                  </RuleButton>
                </Link>
                {!rule.name && (
                  <Badge colorPalette="red" variant="solid" ms="2" size="sm">
                    {MISSING_NAME}
                  </Badge>
                )}
                <chakra.div fontFamily="mono" fontSize="xs" color="fg.muted">
                  {rule.ruleId}
                </chakra.div>
              </Table.Cell>
              <Table.Cell>
                <RuleTypeBadge type={rule.type} />
              </Table.Cell>
              <Table.Cell>
                <MultidayBadge multiday={isRuleMultiday(rule)} />
              </Table.Cell>
              <Table.Cell>
                <RuleResultBadge type={rule.type} passed={rule.passed} />
              </Table.Cell>
              <Table.Cell textAlign="end">{ruleValueText(rule.currentValue)}</Table.Cell>
              <Table.Cell textAlign="end">{ruleValueText(rule.thresholdValue)}</Table.Cell>
              <Table.Cell minW="48" whiteSpace="normal">
                {rule.description}
              </Table.Cell>
              <Table.Cell>
                <SeverityBadge severity={rule.severity} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

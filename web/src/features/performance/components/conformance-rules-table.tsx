import { Link, Table, chakra } from '@chakra-ui/react';
import type { ConformanceRule } from '../../../../../shared/rules/conformance';
import { isRuleMultiday } from '../../../../../shared/rules/rule-definition';
import {
  MultidayBadge,
  RuleResultBadge,
  RuleTypeBadge,
  SeverityBadge,
} from '../../../components/badges/badges';
import { ruleValueText } from '../performance-format';

const RuleButton = chakra('button');

/**
 * The day's rule evaluations: name (opens the Rule Details modal; a rule without an id only logs
 * a warning, spec 000 §2), type, multiday, result, values, severity and description.
 */
export function ConformanceRulesTable({
  rules,
  onOpenRule,
}: {
  rules: readonly ConformanceRule[];
  onOpenRule: (rule: ConformanceRule) => void;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Rule evaluations">
        <Table.Header>
          <Table.Row>
            {[
              'Rule',
              'Type',
              'Multiday',
              'Status',
              'Current Value',
              'Threshold',
              'Severity',
              'Description',
            ].map((title) => (
              <Table.ColumnHeader key={title} whiteSpace="nowrap">
                {title}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rules.map((rule) => (
            <Table.Row key={rule.ruleId || rule.name}>
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
                    {rule.name || 'MISSING NAME'}
                  </RuleButton>
                </Link>
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
              <Table.Cell>
                <SeverityBadge severity={rule.severity} />
              </Table.Cell>
              <Table.Cell minW="64">{rule.description}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

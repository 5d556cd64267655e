import { Button, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import type { TraderAccount } from '@shared/traders/trader-account';
import {
  AccountStatusBadge,
  PhaseBadge,
  RithmicStatusBadge,
  RuleTypeBadge,
} from '@/components/badges/badges';
import { Money } from '@/components/figures/money-text';
import {
  RuleDetailsModal,
  type RuleDetailsTarget,
} from '@/components/rule-details-modal/rule-details-modal';
import { CollapsibleSection } from '@/components/section/collapsible-section';
import { sectionOf, type SectionKey } from '../trader-accounts';
import { AccountLink, CalculationDateLink } from '@/components/account-links/account-links';
import { MISSING, formatNumber, orMissing } from '@/lib/format';

/**
 * Spec 000 §2: the sections' titles and empty texts, in the page's order. Live-Funded and Demo are
 * not among the spec's five: they appear only for a trader who has such active accounts, so every
 * account is listed somewhere (`optional`, docs/decisions.md).
 */
export const ACCOUNT_SECTIONS: {
  key: SectionKey;
  title: string;
  empty: string;
  optional?: boolean;
}[] = [
  {
    key: 'sim-funded',
    title: 'Sim-Funded Accounts',
    empty: 'No sim-funded accounts found for this trader.',
  },
  {
    key: 'live-funded',
    title: 'Live-Funded Accounts',
    empty: 'No live-funded accounts found for this trader.',
    optional: true,
  },
  {
    key: 'evaluation',
    title: 'Evaluation Accounts',
    empty: 'No active evaluation accounts found for this trader.',
  },
  {
    key: 'demo',
    title: 'Demo Accounts',
    empty: 'No active demo accounts found for this trader.',
    optional: true,
  },
  {
    key: 'busted',
    title: 'Busted Accounts',
    empty: 'No Admin Only accounts found for this trader.',
  },
  {
    key: 'inactive',
    title: 'Inactive Accounts',
    empty: 'No inactive accounts found for this trader.',
  },
];
export const RULES_SECTION = { title: 'Trading Rules', empty: 'No rules found.' };

function SectionAccountsTable({
  label,
  accounts,
  onShowSummary,
}: {
  label: string;
  accounts: readonly TraderAccount[];
  onShowSummary: (accountId: string) => void;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Account ID</Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Program</Table.ColumnHeader>
            <Table.ColumnHeader>Phase</Table.ColumnHeader>
            <Table.ColumnHeader>Rithmic Status</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total Profit</Table.ColumnHeader>
            <Table.ColumnHeader>Last Calculation</Table.ColumnHeader>
            <Table.ColumnHeader>Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {accounts.map((account) => (
            <Table.Row key={account.accountId}>
              <Table.Cell>
                <AccountLink accountId={account.accountId} />
              </Table.Cell>
              <Table.Cell>{orMissing(account.name)}</Table.Cell>
              <Table.Cell>{orMissing(account.program?.name)}</Table.Cell>
              <Table.Cell>
                <PhaseBadge phase={account.phase} />
              </Table.Cell>
              <Table.Cell>
                <RithmicStatusBadge status={account.rithmicStatus} />
              </Table.Cell>
              <Table.Cell>
                <AccountStatusBadge status={account.status} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Money value={account.accountSummary?.currentBalance ?? account.summary?.balance} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Money value={account.accountSummary?.totalProfit} signed />
              </Table.Cell>
              <Table.Cell>
                <CalculationDateLink
                  traderId={account.traderId}
                  accountId={account.accountId}
                  date={account.accountSummary?.lastCalculationDate}
                />
              </Table.Cell>
              <Table.Cell>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => onShowSummary(account.accountId)}
                  aria-label={`Show the summary of ${account.accountId}`}
                >
                  Summary
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function parameterText(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} items`;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number') return formatNumber(value, 3);
  return String(value);
}

function RulesTable({
  rules,
  usedBy,
  onOpen,
}: {
  rules: readonly RuleDefinition[];
  usedBy: ReadonlyMap<string, number>;
  onOpen: (target: RuleDetailsTarget) => void;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Trading rules">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Rule</Table.ColumnHeader>
            <Table.ColumnHeader>Category</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader>Parameters</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Accounts</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rules.map((rule) => {
            const ruleId = rule.ruleId ?? rule._id ?? '';
            return (
              <Table.Row key={ruleId}>
                <Table.Cell>
                  <Button
                    variant="plain"
                    colorPalette="blue"
                    size="sm"
                    px="0"
                    height="auto"
                    onClick={() =>
                      onOpen({
                        ruleId,
                        name: rule.name,
                        description: rule.description,
                        category: rule.category,
                        type: rule.type,
                      })
                    }
                  >
                    {rule.name}
                  </Button>
                  <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                    {ruleId}
                  </Text>
                </Table.Cell>
                <Table.Cell>{rule.category}</Table.Cell>
                <Table.Cell>
                  <RuleTypeBadge type={rule.type} />
                </Table.Cell>
                <Table.Cell fontSize="xs" maxW="80" whiteSpace="normal">
                  {Object.entries(rule.testParameters)
                    .map(([name, value]) => `${name}: ${parameterText(value)}`)
                    .join(', ') || MISSING}
                </Table.Cell>
                <Table.Cell textAlign="end">{usedBy.get(ruleId) ?? 0}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * The collapsible sections of the Trader Details page (spec 000 §2's five, plus Live-Funded and Demo
 * when the trader has such accounts), each with Hide/Show and the spec's empty text. All start open.
 */
export function TraderSections({
  accounts,
  rules,
  onShowSummary,
}: {
  accounts: readonly TraderAccount[];
  rules: readonly RuleDefinition[];
  onShowSummary: (accountId: string) => void;
}) {
  const [closed, setClosed] = useState<Record<string, boolean>>({});
  const [ruleTarget, setRuleTarget] = useState<RuleDetailsTarget | null>(null);
  const toggle = (key: string, title: string) => (
    <Button
      size="xs"
      variant="ghost"
      aria-label={`${closed[key] ? 'Show' : 'Hide'} ${title}`}
      onClick={() => setClosed((c) => ({ ...c, [key]: !c[key] }))}
    >
      {closed[key] ? 'Show' : 'Hide'}
    </Button>
  );
  const usedBy = new Map<string, number>();
  for (const account of accounts) {
    for (const reference of account.phaseRules ?? []) {
      usedBy.set(reference.ruleId, (usedBy.get(reference.ruleId) ?? 0) + 1);
    }
  }
  return (
    <>
      {ACCOUNT_SECTIONS.map((section) => {
        const rows = accounts.filter((account) => sectionOf(account) === section.key);
        if (section.optional && rows.length === 0) return null;
        return (
          <CollapsibleSection
            key={section.key}
            title={section.title}
            count={rows.length}
            open={!closed[section.key]}
            onOpenChange={(open) => setClosed((c) => ({ ...c, [section.key]: !open }))}
            actions={toggle(section.key, section.title)}
          >
            {rows.length === 0 ? (
              <Text color="fg.muted">{section.empty}</Text>
            ) : (
              <SectionAccountsTable
                label={section.title}
                accounts={rows}
                onShowSummary={onShowSummary}
              />
            )}
          </CollapsibleSection>
        );
      })}
      <CollapsibleSection
        title={RULES_SECTION.title}
        count={rules.length}
        open={!closed.rules}
        onOpenChange={(open) => setClosed((c) => ({ ...c, rules: !open }))}
        actions={toggle('rules', RULES_SECTION.title)}
      >
        {rules.length === 0 ? (
          <Text color="fg.muted">{RULES_SECTION.empty}</Text>
        ) : (
          <RulesTable rules={rules} usedBy={usedBy} onOpen={setRuleTarget} />
        )}
      </CollapsibleSection>
      <RuleDetailsModal target={ruleTarget} onClose={() => setRuleTarget(null)} />
    </>
  );
}

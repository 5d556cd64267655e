import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import type { TraderAccount } from '@shared/traders/trader-account';
import {
  RuleDetailsModal,
  type RuleDetailsTarget,
} from '@/components/rule-details-modal/rule-details-modal';
import { CollapsibleSection } from '@/components/section/collapsible-section';
import { sectionOf, type SectionKey } from '../trader-accounts';
import { RulesTable, SectionAccountsTable } from './trader-section-tables';

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

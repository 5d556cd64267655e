import type { RuleBodyInput } from '@shared/programs/rule-body';
import {
  categoryRuleType,
  ruleCategorySchema,
  type RuleCategory,
} from '@shared/rules/rule-definition';

/**
 * The rule form's templates (spec 001 §2.18, §5 parameter table, §9 template defaults): one per
 * category, each a complete rule the form can save as it is.
 */

/** Parameters are JSON: a JSON round trip copies them deeply. */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export const UNKNOWN_TEMPLATE = (name: string) => `Unknown rule template: ${name}`;

/** Spec 001 §2.18: `<category>-<lower-case hyphenated name>-<timestamp>`. */
export function generateRuleId(category: string, name: string, timestamp: number): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return [category, slug, String(timestamp)].filter((part) => part !== '').join('-');
}

interface Template {
  label: string;
  name: string;
  description: string;
  testClassName: string;
  testParameters: NonNullable<RuleBodyInput['testParameters']>;
  action: {
    type: NonNullable<RuleBodyInput['action']>['type'];
    description: string;
    immediate: boolean;
  };
  successMessage: string;
  failureMessage: string;
  warningMessage?: string;
  tags: string[];
}

export const RULE_TEMPLATES: Record<RuleCategory, Template> = {
  drawdown: {
    label: 'Drawdown',
    name: 'Trailing Drawdown',
    description: 'The balance must stay above a floor that trails its high.',
    testClassName: 'DrawdownRule',
    testParameters: { maxDrawdown: 2500, resetType: 'eod' },
    action: { type: 'termination', description: 'The account fails.', immediate: true },
    successMessage: 'Drawdown {actual} within the {target} allowed',
    failureMessage: 'Drawdown {actual} exceeded the {target} allowed',
    warningMessage: 'Drawdown {actual} is close to the {target} allowed',
    tags: ['drawdown'],
  },
  'daily-loss': {
    label: 'Daily Loss',
    name: 'Daily Loss Limit',
    description: "A day's loss must stay below the limit.",
    testClassName: 'DailyLossRule',
    testParameters: { maxDailyLoss: 1000, kind: 'fail' },
    action: { type: 'liquidation', description: 'Positions are closed.', immediate: true },
    successMessage: 'Daily loss {actual} within the {target} limit',
    failureMessage: 'Daily loss limit hit: {actual} against {target}',
    tags: ['risk', 'daily'],
  },
  consistency: {
    label: 'Consistency',
    name: 'Consistency Rule',
    description: 'No single day may make too large a share of the profit.',
    testClassName: 'ConsistencyRule',
    testParameters: { minConsistency: 0.3, period: 'daily' },
    action: { type: 'warning', description: 'The trader is warned.', immediate: false },
    successMessage: 'Consistency {actual} within {target}',
    failureMessage: 'Consistency {actual} above {target}',
    tags: ['consistency'],
  },
  'profit-target': {
    label: 'Profit Target',
    name: 'Profit Target',
    description: 'Reach the profit target to pass the phase.',
    testClassName: 'ProfitTargetRule',
    testParameters: { target: 3000, type: 'absolute' },
    action: { type: 'graduation', description: 'The phase is passed.', immediate: false },
    successMessage: 'Profit target reached: {actual} of {target}',
    failureMessage: 'Profit {actual} of the {target} target',
    tags: ['benchmark', 'target'],
  },
  'trading-days': {
    label: 'Trading Days',
    name: 'Minimum Trading Days',
    description: 'Trade on at least the minimum number of days.',
    testClassName: 'TradingDaysRule',
    testParameters: { minDays: 5, requireProfit: false },
    action: { type: 'none', description: 'A benchmark to meet before passing.', immediate: false },
    successMessage: '{actual} of {target} trading days',
    failureMessage: 'Only {actual} of {target} trading days',
    tags: ['benchmark', 'days'],
  },
  instruments: {
    label: 'Instruments',
    name: 'Allowed Instruments',
    description: 'Only the listed instruments may be traded.',
    testClassName: 'InstrumentsRule',
    testParameters: {
      allowedInstruments: [
        {
          symbol: 'ES',
          description: 'E-mini S&P 500',
          instrumentType: 'future',
          positionFactor: 1,
          allowed: true,
        },
        {
          symbol: 'MES',
          description: 'Micro E-mini S&P 500',
          instrumentType: 'future',
          positionFactor: 0.1,
          allowed: true,
        },
      ],
      strictMode: false,
    },
    action: { type: 'warning', description: 'The trader is warned.', immediate: true },
    successMessage: 'Only allowed instruments traded',
    failureMessage: 'Traded {actual}, not allowed',
    tags: ['instruments'],
  },
  'trading-hours': {
    label: 'Trading Hours',
    name: 'Trading Hours',
    description: 'Trade only inside the session hours.',
    testClassName: 'TradingHoursRule',
    testParameters: { openTime: '09:30', closeTime: '16:00', timezone: 'America/New_York' },
    action: { type: 'warning', description: 'The trader is warned.', immediate: true },
    successMessage: 'All trades inside {target}',
    failureMessage: 'Trade at {actual} outside {target}',
    tags: ['hours'],
  },
  'news-trading': {
    label: 'News Trading',
    name: 'News Trading',
    description: 'No trading around scheduled news releases.',
    testClassName: 'NewsTradingRule',
    testParameters: { newsEvents: [], bufferMinutes: 30 },
    action: { type: 'warning', description: 'The trader is warned.', immediate: true },
    successMessage: 'No trades around news',
    failureMessage: 'Traded at {actual} within {target} of news',
    tags: ['news'],
  },
  'position-size': {
    label: 'Position Size',
    name: 'Maximum Position Size',
    description: 'Open contracts must stay at or below the maximum.',
    testClassName: 'PositionSizeRule',
    testParameters: { maxPositionSize: 5 },
    action: { type: 'reduce-exposure', description: 'The position is reduced.', immediate: true },
    successMessage: 'Position {actual} within {target}',
    failureMessage: 'Position {actual} above {target}',
    tags: ['risk', 'size'],
  },
  'overnight-holding': {
    label: 'Overnight Holding',
    name: 'No Overnight Positions',
    description: 'Positions must be flat by the close.',
    testClassName: 'OvernightHoldingRule',
    testParameters: { closeTime: '16:00' },
    action: { type: 'liquidation', description: 'Open positions are closed.', immediate: true },
    successMessage: 'Flat by {target}',
    failureMessage: 'Position held past {target}',
    tags: ['overnight'],
  },
  inactivity: {
    label: 'Inactivity',
    name: 'Inactivity',
    description: 'Trade at least once within the allowed number of days.',
    testClassName: 'InactivityRule',
    testParameters: { maxInactiveDays: 30 },
    action: { type: 'warning', description: 'The trader is warned.', immediate: false },
    successMessage: '{actual} days without trading, {target} allowed',
    failureMessage: 'Inactive for {actual} days, {target} allowed',
    tags: ['inactivity'],
  },
};

/**
 * A new rule from a template (spec 001 §9: priority 2, version 1.0.0), with its id generated as the
 * form generates one. An unknown name is refused with the spec's message.
 */
export function ruleFromTemplate(name: string, timestamp: number): RuleBodyInput {
  const parsed = ruleCategorySchema.safeParse(name);
  if (!parsed.success) throw new Error(UNKNOWN_TEMPLATE(name));
  const category = parsed.data;
  const template = RULE_TEMPLATES[category];
  return {
    ...blankRule(category, timestamp),
    ruleId: generateRuleId(category, template.name, timestamp),
    name: template.name,
    description: template.description,
    testClassName: template.testClassName,
    testParameters: cloneJson(template.testParameters),
    action: { ...template.action, requiresApproval: false },
    successMessage: template.successMessage,
    failureMessage: template.failureMessage,
    warningMessage: template.warningMessage ?? '',
    tags: [...template.tags],
    priority: 2,
  };
}

/**
 * Spec 001 §5 rule defaults: enabled, active, multiday, priority 1, version 1.0.0, type violation
 * (the category's own type, which the rules contract fixes).
 */
export function blankRule(category: RuleCategory | '' = '', timestamp = Date.now()): RuleBodyInput {
  return {
    ruleId: generateRuleId(category, '', timestamp),
    name: '',
    description: '',
    type: category === '' ? 'violation' : categoryRuleType[category],
    category: category as RuleCategory,
    action: { type: 'warning', description: '', immediate: false, requiresApproval: false },
    enabled: true,
    isActive: true,
    isMultiday: category !== 'daily-loss' && category !== 'inactivity',
    priority: 1,
    version: '1.0.0',
    testClassName: '',
    testParameters: category === '' ? {} : cloneJson(RULE_TEMPLATES[category].testParameters),
    successMessage: '',
    failureMessage: '',
    warningMessage: '',
    tags: [],
    documentation: '',
    examples: [],
  };
}

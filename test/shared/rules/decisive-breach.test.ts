import { decisiveBreach } from '@shared/rules/decisive-breach';
import type { Violation } from '@shared/rules/conformance';

function breach(ruleId: string, date: string, soft = false): Violation {
  return {
    ruleId,
    name: ruleId,
    ruleType: 'trailing-drawdown',
    category: 'drawdown',
    severity: soft ? 'warning' : 'violation',
    date,
    value: null,
    threshold: null,
    description: '',
    soft,
  };
}

describe('decisiveBreach', () => {
  it('is null for an account that has not failed', () => {
    expect(decisiveBreach({ failedDate: null, violations: [breach('a', '20261110')] })).toBeNull();
  });

  it('is the first hard breach of the failing day, past earlier days and soft breaches', () => {
    const violations = [
      breach('early', '20261110'),
      breach('soft', '20261118', true),
      breach('daily-loss', '20261118'),
      breach('drawdown', '20261118'),
      breach('later', '20261119'),
    ];
    expect(decisiveBreach({ failedDate: '20261118', violations })?.ruleId).toBe('daily-loss');
  });

  it('is null when the state keeps no record of the failing day', () => {
    expect(decisiveBreach({ failedDate: '20261118', violations: [] })).toBeNull();
  });
});

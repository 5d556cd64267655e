import { App } from 'aws-cdk-lib';
import {
  defaultSyncSchedule,
  desklineContext,
  parseAlarmEmail,
  parseSyncSchedule,
} from '../../infra/context';

describe('deskline context', () => {
  it('runs the sync at 16:30 Chicago time on weekdays, mails nobody and allows no frame ancestor when unset', () => {
    expect(desklineContext(new App())).toEqual({
      frameAncestors: [],
      frameSources: [],
      syncSchedule: 'cron(30 16 ? * MON-FRI *)',
      alarmEmail: undefined,
    });
  });

  it('reads every deskline: key given with -c', () => {
    const app = new App({
      context: {
        'deskline:frameAncestors': 'https://members.example.com',
        'deskline:frameSources': 'https://members.example.com https://tools.example.com',
        'deskline:syncSchedule': 'cron(15 0 ? * TUE-SAT *)',
        'deskline:alarmEmail': 'ops@example.com',
      },
    });

    expect(desklineContext(app)).toEqual({
      frameAncestors: ['https://members.example.com'],
      frameSources: ['https://members.example.com', 'https://tools.example.com'],
      syncSchedule: 'cron(15 0 ? * TUE-SAT *)',
      alarmEmail: 'ops@example.com',
    });
  });
});

describe('sync schedule context', () => {
  it.each([undefined, null, ''])('is the default when given %p', (value) => {
    expect(parseSyncSchedule(value)).toBe(defaultSyncSchedule);
  });

  it.each(['cron(30 23 * * ? *)', ' cron(0 6 ? * MON-FRI *) ', 'cron(0/30 22-23 1 * ? 2030)'])(
    'accepts the EventBridge cron expression %p',
    (value) => {
      expect(parseSyncSchedule(value)).toBe(value.trim());
    },
  );

  it.each([
    'rate(1 day)',
    '30 23 * * *',
    'cron(30 23 * * *)',
    'cron(30 23 * * MON *)',
    'cron(30 23 ? * ? *)',
  ])('rejects %p, which EventBridge would refuse or which is not a cron expression', (value) => {
    expect(() => parseSyncSchedule(value)).toThrow(/is not an EventBridge cron expression/);
  });
});

describe('alarm email context', () => {
  it('is nobody when unset, and the trimmed address when given', () => {
    expect(parseAlarmEmail(undefined)).toBeUndefined();
    expect(parseAlarmEmail(' ops@example.com ')).toBe('ops@example.com');
  });

  it.each(['ops', 'ops@example', 'ops @example.com'])('rejects %p', (value) => {
    expect(() => parseAlarmEmail(value)).toThrow(/is not an email address/);
  });
});

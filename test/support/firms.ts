/** Every secret a firm may hold; none may appear in a list, a search or a log line. */
export const FIRM_SECRETS = [
  'mgr-password-1',
  'software-password-1',
  'api-key-value-1',
  'payout-secret-1',
  'stripe-secret-1',
  'server-secret-1',
];

/** A firm as the firm form sends it, with a broker, a management account and software. */
export function firmBody(overrides: Record<string, unknown> = {}) {
  return {
    id: 'acme-trading',
    name: 'Acme Trading',
    status: 'active',
    industry: 'Proprietary trading',
    email: 'ops@acme.example',
    establishedYear: 2015,
    numberOfEmployees: 12,
    revenue: 1250000.5,
    website: 'https://acme.example',
    notes: 'Onboarded in March',
    brokers: [
      {
        name: 'Rithmic',
        email: 'desk@rithmic.example',
        establishedYear: 2000,
        numberOfEmployees: 1,
        revenue: 0,
        mgrAccount: [
          {
            accountNumber: 'FCM-1',
            accountType: 'FCM',
            username: 'fcm-user',
            password: 'mgr-password-1',
            url: 'https://fcm.example',
          },
        ],
      },
    ],
    managerSoftware: [
      {
        name: 'R Trader Pro',
        version: '24.1',
        username: 'rtrader',
        password: 'software-password-1',
        serverUrl: 'https://r.example',
        apiKeys: { main: 'api-key-value-1' },
      },
    ],
    payoutKeys: { secret: 'payout-secret-1' },
    stripeKeys: { secret: 'stripe-secret-1' },
    serverKeys: { secret: 'server-secret-1' },
    ...overrides,
  };
}

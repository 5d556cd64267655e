import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@/app/providers';
import {
  DOWNLOAD_BREACH_EVIDENCE_LABEL,
  DOWNLOAD_EVIDENCE_LABEL,
  DownloadEvidenceButton,
  EVIDENCE_ERROR_TITLE,
} from '@/components/evidence/download-evidence-button';
import { Toaster } from '@/components/ui/toaster';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { signInAs } from '../../support/session-fixtures';

const pack = {
  format: 'deskline-evidence',
  formatVersion: 1,
  accountId: 'EVAL50K-000005',
  traderId: 'TR000001',
  generatedAt: '2026-11-20T08:00:00.000Z',
  scope: { kind: 'account' },
  inputs: {
    accountId: 'EVAL50K-000005',
    programs: [],
    days: [
      { date: '20261028', performance: { AcctBal: 50_120.5, NetPnl: 120.5, Trades: 3 } },
      { date: '20261029', performance: { AcctBal: 48_900, NetPnl: -1_220.5, Trades: 5 } },
    ],
  },
  inputsSha256: 'a'.repeat(64),
  computed: [],
  verdict: { status: 'failed', failedDate: '20261029' },
};

function renderButton(props: { accountId: string; breach?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <Toaster />
      <DownloadEvidenceButton {...props} />
    </AppProviders>,
  );
}

describe('Download evidence', () => {
  let blobs: Blob[];
  let names: string[];
  beforeEach(() => {
    signInAs();
    blobs = [];
    names = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:evidence';
      }),
      revokeObjectURL: jest.fn(),
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it("saves the account's pack as the server sent it, named after the account and its last day", async () => {
    const calls = mockApi({
      'GET /api/accounts/EVAL50K-000005/evidence': () => jsonResponse(pack),
    });
    renderButton({ accountId: 'EVAL50K-000005' });

    await userEvent.click(screen.getByRole('button', { name: DOWNLOAD_EVIDENCE_LABEL }));

    await waitFor(() => expect(names).toEqual(['evidence-EVAL50K-000005-20261029.json']));
    expect(calls[0]!.headers.Authorization).toBe('Bearer id-token-1');
    expect(blobs[0]!.type).toBe('application/json');
    // Every member is kept, numbers as sent: the verifier hashes the inputs' values.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(JSON.parse(text)).toEqual(pack);
  });

  it('asks for one breach when given its day', async () => {
    const calls = mockApi({
      'GET /api/accounts/EVAL50K-000005/evidence?breach=20261029': () =>
        jsonResponse({ ...pack, scope: { kind: 'breach', date: '20261029' } }),
    });
    renderButton({ accountId: 'EVAL50K-000005', breach: '20261029' });

    await userEvent.click(screen.getByRole('button', { name: DOWNLOAD_BREACH_EVIDENCE_LABEL }));

    await waitFor(() => expect(names).toHaveLength(1));
    expect(calls).toHaveLength(1);
  });

  it('says why when the server refuses, and saves nothing', async () => {
    mockApi({
      'GET /api/accounts/EVAL50K-000009/evidence': () =>
        errorResponse(404, 'Account EVAL50K-000009 not found'),
    });
    renderButton({ accountId: 'EVAL50K-000009' });

    await userEvent.click(screen.getByRole('button', { name: DOWNLOAD_EVIDENCE_LABEL }));

    expect(await screen.findByText(EVIDENCE_ERROR_TITLE)).toBeInTheDocument();
    expect(screen.getByText('Account EVAL50K-000009 not found')).toBeInTheDocument();
    expect(names).toEqual([]);
  });
});

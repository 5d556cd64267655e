import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useDeleteFirm, useFirm } from '@/api/firms';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';

// Screens load lazily; on a busy machine the first render of a file takes seconds.
configure({ asyncUtilTimeout: 10_000 });

const stats = { data: { total: 2, active: 1, inactive: 0, suspended: 1 } };

const acme = {
  id: 'acme',
  name: 'Acme Trading',
  status: 'active',
  industry: 'Proprietary trading',
  email: 'ops@acme.example',
  brokers: [{ name: 'Rithmic', mgrAccount: [{ accountNumber: 'FCM-1', accountType: 'FCM' }] }],
  managerSoftware: [{ name: 'R Trader Pro' }],
};
const beta = { ...acme, id: 'beta', name: 'Beta Desk', status: 'suspended', brokers: [] };

const fullAcme = {
  ...acme,
  website: 'https://acme.example',
  notes: 'Onboarded in March',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  brokers: [
    {
      name: 'Rithmic',
      mgrAccount: [{ accountNumber: 'FCM-1', accountType: 'FCM', password: 'mgr-secret' }],
    },
  ],
  managerSoftware: [
    { name: 'R Trader Pro', version: '24.1', password: 'software-secret', apiKeys: {} },
    { name: 'NinjaTrader', apiKeys: {} },
  ],
  payoutKeys: {},
  stripeKeys: {},
  serverKeys: {},
};

beforeEach(() => signInAs());
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('firm management list', () => {
  it('shows the stat cards and a card per firm with View Details, Edit and Delete', async () => {
    mockApi({
      'GET /api/firms': () => jsonResponse({ data: [acme, beta] }),
      'GET /api/firms/stats': () => jsonResponse(stats),
    });
    renderApp('/firms');

    const card = await screen.findByRole('article', { name: 'Acme Trading' });

    expect(within(card).getByText('Active')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'ops@acme.example' })).toHaveAttribute(
      'href',
      'mailto:ops@acme.example',
    );
    expect(
      within(card).getByRole('link', { name: 'View details of Acme Trading' }),
    ).toHaveAttribute('href', '/firms/acme');
    expect(within(card).getByRole('link', { name: 'Edit Acme Trading' })).toHaveAttribute(
      'href',
      '/firms/acme/edit',
    );
    expect(screen.getByRole('article', { name: 'Beta Desk' })).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Total firms')).toHaveTextContent('2'));
    expect(screen.getByLabelText('Suspended firms')).toHaveTextContent('1');
  });

  it('searches on Enter, keeps the search in the URL, and clears it', async () => {
    const calls = mockApi({
      'GET /api/firms': () => jsonResponse({ data: [acme, beta] }),
      'GET /api/firms/stats': () => jsonResponse(stats),
      'GET /api/firms/search?q=beta': () => jsonResponse({ data: [beta] }),
    });
    const { router } = renderApp('/firms');
    await screen.findByRole('article', { name: 'Acme Trading' });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Search firms'), ' beta {Enter}');

    await waitFor(() => expect(router.state.location.search).toBe('?q=beta'));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Acme Trading' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Beta Desk' })).toBeVisible();
    expect(calls.map((call) => call.url)).toContain('/api/firms/search?q=beta');

    await user.click(screen.getByRole('button', { name: 'Clear' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Search firms')).toHaveValue('');
  });

  it('asks the server for one status when the filter says so', async () => {
    const calls = mockApi({
      'GET /api/firms': () => jsonResponse({ data: [acme, beta] }),
      'GET /api/firms/stats': () => jsonResponse(stats),
      'GET /api/firms?status=suspended': () => jsonResponse({ data: [beta] }),
    });
    const { router } = renderApp('/firms');
    await screen.findByRole('article', { name: 'Acme Trading' });

    await userEvent.setup().selectOptions(screen.getByLabelText('Status'), 'suspended');

    await waitFor(() => expect(router.state.location.search).toBe('?status=suspended'));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Acme Trading' })).not.toBeInTheDocument(),
    );
    expect(calls.map((call) => call.url)).toContain('/api/firms?status=suspended');
  });

  it("offers 'Create your first firm' when there is none", async () => {
    mockApi({
      'GET /api/firms': () => jsonResponse({ data: [] }),
      'GET /api/firms/stats': () =>
        jsonResponse({ data: { total: 0, active: 0, inactive: 0, suspended: 0 } }),
    });
    renderApp('/firms');

    expect(await screen.findByRole('link', { name: 'Create your first firm' })).toHaveAttribute(
      'href',
      '/firms/create',
    );
  });

  it("says 'Failed to fetch firms' with Try Again when the list fails", async () => {
    mockApi({
      'GET /api/firms': () => errorResponse(500, 'down'),
      'GET /api/firms/stats': () => jsonResponse(stats),
    });
    renderApp('/firms');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch firms')).toBeVisible();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  it('deletes a firm after the confirmation and says so', async () => {
    const calls = mockApi({
      'GET /api/firms': () => jsonResponse({ data: [acme] }),
      'GET /api/firms/stats': () => jsonResponse(stats),
      'DELETE /api/firms/acme': () =>
        jsonResponse({ success: true, message: 'Firm deleted successfully' }),
    });
    renderApp('/firms');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Acme Trading' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this firm? This action cannot be undone.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Firm' }));

    expect(await screen.findByText('Firm deleted successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});

describe('firm form', () => {
  it("refuses to save without the required fields: 'Please fill in all required fields'", async () => {
    const calls = mockApi({});
    renderApp('/firms/create');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create Firm' }));

    const form = screen.getByRole('form', { name: 'Firm form' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Please fill in all required fields',
    );
    expect(calls).toEqual([]);
  });

  it('adds a broker with the spec defaults and a management account of type FCM, masking passwords', async () => {
    mockApi({});
    renderApp('/firms/create');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add Broker' }));
    const broker = screen.getByRole('group', { name: 'Broker 1' });
    expect(within(broker).getByLabelText('Broker Name')).toHaveValue('Rithmic');
    expect(within(broker).getByLabelText('Established Year')).toHaveValue(new Date().getFullYear());
    expect(within(broker).getByLabelText('Number of Employees')).toHaveValue(1);
    expect(within(broker).getByLabelText('Revenue')).toHaveValue(0);
    await user.click(within(broker).getByRole('button', { name: 'Add Management Account' }));
    const account = screen.getByRole('group', { name: 'Broker 1 management account 1' });
    expect(within(account).getByLabelText('Account Type')).toHaveValue('FCM');
    const secret = within(account).getByLabelText('Password');
    expect(secret).toHaveAttribute('type', 'password');
    await user.click(within(account).getByRole('button', { name: 'Show password' }));
    expect(secret).toHaveAttribute('type', 'text');
  });

  it('numbers brokers and software and removes the one asked', async () => {
    mockApi({});
    renderApp('/firms/create');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add Software' }));
    await user.click(screen.getByRole('button', { name: 'Add Software' }));
    expect(screen.getByRole('heading', { name: 'Manager Software (2)' })).toBeVisible();
    await user.type(
      within(screen.getByRole('group', { name: 'Software 2' })).getByLabelText('Software Name'),
      'NinjaTrader',
    );
    await user.click(screen.getByRole('button', { name: 'Remove software 1' }));
    expect(screen.getByRole('heading', { name: 'Manager Software (1)' })).toBeVisible();
    expect(
      within(screen.getByRole('group', { name: 'Software 1' })).getByLabelText('Software Name'),
    ).toHaveValue('NinjaTrader');

    await user.click(screen.getByRole('button', { name: 'Add Broker' }));
    expect(screen.getByRole('heading', { name: 'Broker 1' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove broker 1' }));
    expect(screen.queryByRole('group', { name: 'Broker 1' })).not.toBeInTheDocument();
    expect(screen.getByText('No brokers yet.')).toBeVisible();
  });

  it('creates a firm, says so and opens its page', async () => {
    const calls = mockApi({
      'POST /api/firms': () =>
        jsonResponse({ data: { id: 'new-firm' }, message: 'Firm created successfully!' }, 201),
      'GET /api/firms/new-firm': () => jsonResponse({ data: { ...fullAcme, id: 'new-firm' } }),
    });
    const { router } = renderApp('/firms/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Firm ID/), 'new-firm');
    await user.type(screen.getByLabelText(/Firm Name/), 'New Firm');
    await user.type(screen.getByLabelText(/^Industry/), 'Futures');
    await user.type(screen.getByLabelText(/^Email/), 'ops@new.example');
    await user.type(screen.getByLabelText('Revenue'), '10.5');

    await user.click(screen.getByRole('button', { name: 'Create Firm' }));

    expect(await screen.findByText('Firm created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/firms/new-firm'));
    expect(calls[0]?.body).toMatchObject({
      id: 'new-firm',
      name: 'New Firm',
      industry: 'Futures',
      email: 'ops@new.example',
      status: 'active',
      revenue: 10.5,
      brokers: [],
      managerSoftware: [],
    });
  });

  it('marks the Firm ID and moves to it when the id is taken', async () => {
    const message = 'A firm with ID acme already exists';
    mockApi({
      'POST /api/firms': () =>
        jsonResponse(
          { error: { code: 'CONFLICT', message, details: [{ field: 'id', message }] } },
          409,
        ),
    });
    renderApp('/firms/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Firm ID/), 'acme');
    await user.type(screen.getByLabelText(/Firm Name/), 'Acme Again');
    await user.type(screen.getByLabelText(/^Industry/), 'Futures');
    await user.type(screen.getByLabelText(/^Email/), 'ops@again.example');

    // Create sits at the bottom of a long form: the answer must bring the user back to the field.
    await user.click(screen.getByRole('button', { name: 'Create Firm' }));

    const id = screen.getByLabelText(/Firm ID/);
    await waitFor(() => expect(id).toHaveFocus());
    expect(id).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(message)).toHaveLength(2);
  });

  it('edits with the Firm ID disabled and puts the server’s field errors on their fields', async () => {
    mockApi({
      'GET /api/firms/acme': () => jsonResponse({ data: fullAcme }),
      'PUT /api/firms/acme': () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Industry must be at most 200 characters',
              details: [{ field: 'industry', message: 'Industry must be at most 200 characters' }],
            },
          },
          400,
        ),
    });
    renderApp('/firms/acme/edit');
    const user = userEvent.setup();

    const id = await screen.findByLabelText(/Firm ID/);
    expect(id).toBeDisabled();
    expect(id).toHaveValue('acme');
    await user.click(screen.getByRole('button', { name: 'Update Firm' }));

    expect(await screen.findAllByText('Industry must be at most 200 characters')).toHaveLength(2);
  });
});

describe('firm detail page', () => {
  it('shows the status, links, software with a count and masked passwords with a per-entry toggle', async () => {
    mockApi({ 'GET /api/firms/acme': () => jsonResponse({ data: fullAcme }) });
    renderApp('/firms/acme');

    expect(await screen.findByRole('heading', { name: 'Acme Trading' })).toBeVisible();
    expect(screen.getByText('Active')).toBeVisible();
    expect(screen.getByRole('link', { name: 'ops@acme.example' })).toHaveAttribute(
      'href',
      'mailto:ops@acme.example',
    );
    expect(screen.getByRole('link', { name: 'https://acme.example' })).toHaveAttribute(
      'href',
      'https://acme.example',
    );
    // A long URL or address breaks anywhere: at 390 px it stayed one word wider than its card.
    for (const name of ['https://acme.example', 'ops@acme.example']) {
      expect(screen.getByRole('link', { name })).toHaveStyle({ overflowWrap: 'anywhere' });
    }
    expect(screen.getByRole('heading', { name: 'Manager Software (2)' })).toBeVisible();
    expect(screen.getByText('Onboarded in March')).toBeVisible();
    expect(screen.getByText('03/01/2026, 4:00 AM CST')).toBeVisible();
    const secret = screen.getByLabelText('password of R Trader Pro');
    expect(secret).toHaveTextContent('••••••••');
    expect(screen.queryByText('software-secret')).not.toBeInTheDocument();

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Show password of R Trader Pro' }));

    expect(secret).toHaveTextContent('software-secret');
    expect(screen.getByLabelText('password of account FCM-1')).toHaveTextContent('••••••••');
  });

  it("says 'Firm not found' for an unknown firm", async () => {
    mockApi({
      'GET /api/firms/nope': () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'Firm nope not found' } }, 404),
    });
    renderApp('/firms/nope');

    expect(await screen.findByText('Firm not found')).toBeVisible();
  });

  it("says 'Firm not found' under the Edit Firm header for an unknown firm's edit page", async () => {
    mockApi({
      'GET /api/firms/nope': () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'Firm nope not found' } }, 404),
    });
    renderApp('/firms/nope/edit');

    expect(await screen.findByText('Firm not found')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Edit Firm' })).toBeVisible();
    expect(screen.getByText('nope')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Firms' })).toHaveAttribute('href', '/firms');
  });

  it('deletes the firm and returns to the list', async () => {
    mockApi({
      'GET /api/firms/acme': () => jsonResponse({ data: fullAcme }),
      'DELETE /api/firms/acme': () =>
        jsonResponse({ success: true, message: 'Firm deleted successfully' }),
      'GET /api/firms': () => jsonResponse({ data: [] }),
      'GET /api/firms/stats': () =>
        jsonResponse({ data: { total: 0, active: 0, inactive: 0, suspended: 0 } }),
    });
    const { router } = renderApp('/firms/acme');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Firm' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Firm' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/firms'));
    expect(await screen.findByText('Firm deleted successfully')).toBeInTheDocument();
  });

  it('never reads the deleted firm again while its page is still on screen', async () => {
    // In the browser the detail page renders once more while the list's code loads: a read of the
    // deleted firm then flashed "Firm not found". A render after the deletion stands for it here.
    let deleted = false;
    const calls = mockApi({
      'GET /api/firms/acme': () =>
        deleted
          ? jsonResponse({ error: { code: 'NOT_FOUND', message: 'Firm acme not found' } }, 404)
          : jsonResponse({ data: fullAcme }),
      'DELETE /api/firms/acme': () => {
        deleted = true;
        return jsonResponse({ success: true, message: 'Firm deleted successfully' });
      },
    });
    function Harness() {
      const firm = useFirm('acme');
      const remove = useDeleteFirm();
      const [renders, setRenders] = useState(0);
      return (
        <>
          <p>{firm.isError ? 'Firm not found' : (firm.data?.name ?? 'Loading')}</p>
          <p>{renders > 0 ? 'Deleted' : ''}</p>
          <button
            type="button"
            onClick={() => remove.mutate('acme', { onSuccess: () => setRenders((n) => n + 1) })}
          >
            Delete
          </button>
        </>
      );
    }
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <Harness />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Acme Trading')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Firm not found')).not.toBeInTheDocument();
    const reads = calls.filter(
      (call) =>
        call.method === 'GET' && new URL(call.url, 'http://app').pathname === '/api/firms/acme',
    );
    expect(reads).toHaveLength(1);
  });
});

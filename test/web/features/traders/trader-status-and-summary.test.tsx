import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferredResponse, errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { traderRecord } from './trader-fixtures';

beforeEach(() => {
  localStorage.clear();
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
  mockApi({ 'GET /api/whats-new': () => errorResponse(500, 'no') });
});

describe('Trader status page', () => {
  it('shows the admin session and a membership system that is not logged in', async () => {
    renderApp('/trader-manager');
    expect(await screen.findByRole('heading', { name: 'Traders', level: 1 })).toBeVisible();
    expect(screen.queryByRole('button', { name: /back/i })).not.toBeInTheDocument();

    const admin = screen.getByRole('region', { name: 'Admin Server' });
    expect(within(admin).getByText('Logged In')).toBeVisible();
    expect(admin).toHaveTextContent('Olivia Ops');
    expect(admin).toHaveTextContent('ops@deskline.test');
    expect(within(admin).getByText('admin')).toBeVisible();

    const membership = screen.getByRole('region', { name: 'Membership System' });
    expect(within(membership).getByText('Not Logged In')).toBeVisible();
    expect(screen.getByText(/^Last checked: \d/)).toBeVisible();
  });

  it('reads the trader session values again on Check Again', async () => {
    renderApp('/trader-manager');
    const membership = await screen.findByRole('region', { name: 'Membership System' });
    expect(within(membership).getByText('Not Logged In')).toBeVisible();

    localStorage.setItem('rithmic_user_id', 'DL-000001');
    localStorage.setItem('rithemi_email', 'trader@example.com');
    localStorage.setItem('rithmic_login', 'robert.dubois1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check Again' }));

    expect(within(membership).getByText('Logged In')).toBeVisible();
    expect(membership).toHaveTextContent('Broker IDDL-000001');
    expect(membership).toHaveTextContent('Emailtrader@example.com');
    expect(membership).toHaveTextContent('Usernamerobert.dubois1');
  });
});

describe('Trader status page for a signed-in trader', () => {
  it('says the membership system is logged in once the membership site confirmed the member', async () => {
    localStorage.setItem('amember_user_id', '1');
    localStorage.setItem('amember_authenticated', 'true');
    localStorage.setItem('rithemi_email', 'trader@example.com');
    renderApp('/trader-manager');

    const membership = await screen.findByRole('region', { name: 'Membership System' });
    expect(within(membership).getByText('Logged In')).toBeVisible();
    expect(membership).toHaveTextContent('Broker IDNot available');
  });
});

describe('Trader summary page', () => {
  it('shows Loading, then every field of the trader', async () => {
    const answer = deferredResponse();
    mockApi({
      'GET /api/whats-new': () => errorResponse(500, 'no'),
      'GET /api/traders/TR000001': () => answer.promise,
    });
    renderApp('/traders/TR000001');
    expect(await screen.findByText('Loading', {}, { timeout: 20_000 })).toBeVisible();
    await act(async () => answer.resolve(jsonResponse(traderRecord())));

    const summary = await screen.findByRole('region', { name: 'Trader summary' });
    for (const label of [
      'Trader ID',
      'First Name',
      'Last Name',
      'Username',
      'Email',
      'Status',
      'Trading Status',
      'Last App Used',
      'Phone Number',
      'Stripe ID',
      'Accounts',
      'Brokers',
      'Fingerprints',
      'IP Addresses',
      'Address',
      'Phone',
      'Login Info',
      'File Modified Date',
    ]) {
      expect(within(summary).getByText(label, { selector: 'dt' })).toBeVisible();
    }
    expect(within(summary).getByText('Enabled')).toHaveAttribute('data-palette', 'green');
    expect(within(summary).getByRole('link', { name: 'EVAL50-1002' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50-1002',
    );
    expect(within(summary).getByRole('list', { name: 'Brokers' })).toHaveTextContent(
      'Rithmic: DL-000001',
    );
    expect(within(summary).getByRole('list', { name: 'Address' })).toHaveTextContent(
      '1 Main StChicago, IL, 60601US',
    );
    expect(within(summary).getByRole('list', { name: 'Phone' })).toHaveTextContent(
      'Mobile: +1-312-555-0100Work: +1-312-555-0101',
    );
    expect(within(summary).getByRole('list', { name: 'Login Info' })).toHaveTextContent(
      'Last IP: 10.0.0.2',
    );
  });

  it('shows the spec error for an unknown trader', async () => {
    mockApi({
      'GET /api/whats-new': () => errorResponse(500, 'no'),
      'GET /api/traders/TR999999': () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'Trader TR999999 not found' } }, 404),
    });
    renderApp('/traders/TR999999');
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('Error loading trader data: Trader TR999999 not found');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});

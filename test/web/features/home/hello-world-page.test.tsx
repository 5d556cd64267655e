import { screen } from '@testing-library/react';
import { mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';

beforeEach(() => mockApi({}));

/** The route table's `/hello` placeholder was missing (it showed Page Not Found). */
describe('/hello', () => {
  it('shows the Hello World placeholder inside the admin layout', async () => {
    renderApp('/hello');

    expect(await screen.findByRole('heading', { name: 'Hello World' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';

beforeEach(() => mockApi({}));

describe('home page', () => {
  it.each([
    ['Account Management', '/accounts'],
    ['Performance Analytics', '/performance/today'],
    ['Trader Overview', '/traders'],
    ['Trading Programs', '/programs'],
  ])('has a %s card linking to %s', async (title, href) => {
    renderApp('/');

    expect(await screen.findByRole('heading', { name: title })).toBeVisible();
    expect(screen.getByRole('link', { name: title })).toHaveAttribute('href', href);
  });
});

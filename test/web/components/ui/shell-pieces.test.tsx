import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LuPencil, LuSparkles, LuTrash2, LuUsers } from 'react-icons/lu';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { ItemActions } from '@/components/ui/item-actions';
import { PageHeader } from '@/components/ui/page-header';
import { SidebarHeading, SidebarItem } from '@/components/ui/sidebar-item';

function renderAt(path: string, node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </AppProviders>,
  );
}

describe('page header', () => {
  it('shows the title as the page heading with its subtitle', () => {
    renderAt('/', <PageHeader title="Programs" subtitle="All of them" />);

    expect(screen.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();
    expect(screen.getByText('All of them')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('puts its actions beside the title', async () => {
    const create = jest.fn();
    renderAt(
      '/',
      <PageHeader
        title="Programs"
        actions={
          <button type="button" onClick={create}>
            Create
          </button>
        }
      />,
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Create' }));

    expect(create).toHaveBeenCalledTimes(1);
    const heading = screen.getByRole('heading', { name: 'Programs' });
    // Heading and actions share one row (which wraps on a narrow screen).
    expect(heading.parentElement?.parentElement).toContainElement(
      screen.getByRole('button', { name: 'Create' }),
    );
  });
});

describe('item actions', () => {
  it("names each button with the verb and the item, links where it has an address, and runs an action's click", async () => {
    const remove = jest.fn();
    renderAt(
      '/',
      <ItemActions
        item="EVAL50K"
        actions={[
          { label: 'Edit', icon: LuPencil, to: '/programs/EVAL50K/edit' },
          { label: 'Delete', icon: LuTrash2, destructive: true, onClick: remove },
        ]}
      />,
    );

    expect(screen.getByRole('link', { name: 'Edit EVAL50K' })).toHaveAttribute(
      'href',
      '/programs/EVAL50K/edit',
    );
    const deleteButton = screen.getByRole('button', { name: 'Delete EVAL50K' });
    // In a table row the verb is the tooltip too: the icon alone shows on narrower screens.
    expect(deleteButton).toHaveAttribute('title', 'Delete');
    await userEvent.setup().click(deleteButton);
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it("keeps a card's verbs visible and takes an accessible name of its own", () => {
    renderAt(
      '/',
      <ItemActions
        look="card"
        item="Acme"
        actions={[
          { label: 'View Details', name: 'View details of Acme', icon: LuUsers, to: '/firms/1' },
        ]}
      />,
    );

    const link = screen.getByRole('link', { name: 'View details of Acme' });
    expect(link).toHaveTextContent('View Details');
    expect(link).not.toHaveAttribute('title');
  });
});

describe('sidebar item', () => {
  it('marks the link to the open page, and only that one', () => {
    renderAt(
      '/traders',
      <nav>
        <SidebarItem label="Traders" icon={LuUsers} to="/traders" collapsed={false} />
        <SidebarItem label="Accounts" icon={LuUsers} to="/accounts" collapsed={false} />
      </nav>,
    );

    expect(screen.getByRole('link', { name: 'Traders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Accounts' })).not.toHaveAttribute('aria-current');
  });

  it('collapsed, shows only the icon and keeps the label as name and tooltip', () => {
    renderAt('/', <SidebarItem label="Traders" icon={LuUsers} to="/traders" collapsed />);

    const link = screen.getByRole('link', { name: 'Traders' });
    expect(link).toHaveAttribute('title', 'Traders');
    expect(within(link).queryByText('Traders')).not.toBeInTheDocument();
  });

  it('runs an action and, collapsed, keeps its label as its name', async () => {
    const onClick = jest.fn();
    renderAt('/', <SidebarItem label="What's New" icon={LuSparkles} collapsed onClick={onClick} />);

    await userEvent.setup().click(screen.getByRole('button', { name: "What's New" }));

    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('titles a section, or rules it off when collapsed', () => {
    const { rerender } = renderAt('/', <SidebarHeading title="Extras" collapsed={false} />);
    expect(screen.getByText('Extras')).toBeVisible();

    rerender(
      <AppProviders queryClient={new QueryClient()}>
        <SidebarHeading title="Extras" collapsed />
      </AppProviders>,
    );

    expect(screen.queryByText('Extras')).not.toBeInTheDocument();
    expect(screen.getByRole('separator')).toBeInTheDocument();
  });
});

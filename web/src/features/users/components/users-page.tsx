import { Alert, Badge, Box, Button, Code, DataList, HStack, Link, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { LuLockOpen, LuUserPlus, LuUsers } from 'react-icons/lu';
import { membershipStatusLabel, type MembershipUser } from '@shared/membership/membership-user';
import { DataTable } from '@/components/data-table/data-table';
import { JsonModal } from '@/components/json-modal/json-modal';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { ApiError } from '@/lib/api-client';
import { USERS_LOAD_FAILED, useMembershipUsers } from '@/api/amember';
import { SecretText } from '@/components/secret-text/secret-text';
import { CreateUserDialog, type CreatedUser } from './create-user-dialog';
import { RithmicPasswordCell } from './rithmic-password-cell';
import { SignInLocksDialog } from './sign-in-locks-dialog';
import { MISSING, orMissing } from '@/lib/format';

export const NO_USERS_MESSAGE = 'No users data available';

const STATUS_PALETTES: Record<string, 'yellow' | 'green' | 'red' | 'gray'> = {
  Pending: 'yellow',
  Active: 'green',
  Expired: 'red',
  Inactive: 'gray',
};

/**
 * The password the server generated for a new member, shown this once (it is never read again):
 * masked as a fixed 8 bullets with reveal and copy (decision 31), so staff can hand it over.
 */
function GeneratedPassword({ login, password }: { login: string; password: string }) {
  return (
    <HStack gap="2" wrap="wrap">
      <span>Generated password (shown once; copy it to hand it over):</span>
      <SecretText
        value={password}
        label={`the generated password of ${login}`}
        textLabel={`Generated password of ${login}`}
      />
    </HStack>
  );
}

export function StatusBadge({ status }: { status: number }) {
  const label = membershipStatusLabel(status);
  return (
    <Badge colorPalette={STATUS_PALETTES[label] ?? 'gray'} variant="subtle">
      {label}
    </Badge>
  );
}

function approvedText(value: 0 | 1 | undefined): string {
  if (value === 1) return 'Yes';
  if (value === 0) return 'No';
  return 'Unknown';
}

function fullName(user: MembershipUser): string {
  return [user.name_f, user.name_l].filter(Boolean).join(' ') || MISSING;
}

/** A failed load in the spec's words (spec 001 §8): 'HTTP error! status …' for a refused request. */
function loadError(error: unknown): Error {
  if (error instanceof ApiError && error.status !== 401) {
    return new Error(`HTTP error! status: ${error.status}`);
  }
  return error instanceof Error ? error : new Error(USERS_LOAD_FAILED);
}

/**
 * Users (spec 001 §2.19): the membership system's members in a ten-column table; a login opens the
 * details with the raw JSON; 'Create New User' adds one.
 */
export function UsersPage() {
  const users = useMembershipUsers();
  const [selected, setSelected] = useState<MembershipUser | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const [showingLocks, setShowingLocks] = useState(false);

  const columns = useMemo<ColumnDef<MembershipUser>[]>(
    () => [
      {
        id: 'user_id',
        header: 'ID',
        accessorFn: (user) => Number(user.user_id) || user.user_id,
        cell: ({ row }) => <Code>{row.original.user_id}</Code>,
      },
      {
        id: 'login',
        header: 'Login',
        accessorKey: 'login',
        cell: ({ row }) => (
          <Link
            as="button"
            colorPalette="blue"
            color="colorPalette.fg"
            onClick={() => setSelected(row.original)}
          >
            {row.original.login}
          </Link>
        ),
      },
      { id: 'email', header: 'Email', accessorKey: 'email' },
      { id: 'name', header: 'Name', accessorFn: fullName },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'status',
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: 'approved',
        header: 'Approved',
        accessorFn: (user) => approvedText(user.is_approved),
      },
      {
        id: 'rithmic_user_id',
        header: 'Rithmic User ID',
        accessorFn: (user) => user.rithmic_user_id ?? '',
        cell: ({ row }) => orMissing(row.original.rithmic_user_id),
      },
      {
        id: 'rithmic_password',
        header: 'Rithmic Password',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.has_rithmic_passwd ? (
            <RithmicPasswordCell userId={row.original.user_id} login={row.original.login} />
          ) : (
            MISSING
          ),
      },
      {
        id: 'added',
        header: 'Registration',
        accessorFn: (user) => user.added ?? '',
        cell: ({ row }) => orMissing(row.original.added),
      },
      {
        id: 'last_login',
        header: 'Last Login',
        accessorFn: (user) => user.last_login ?? '',
        cell: ({ row }) => orMissing(row.original.last_login),
      },
    ],
    [],
  );

  let body;
  if (users.isPending) body = <PageLoading label="Loading users..." />;
  else if (users.isError) {
    body = (
      <PageError
        title={USERS_LOAD_FAILED}
        error={loadError(users.error)}
        onRetry={() => void users.refetch()}
      />
    );
  } else if (users.data === null || users.data.length === 0) {
    body = (
      <PageEmpty
        icon={<LuUsers />}
        title={NO_USERS_MESSAGE}
        description="Create a user to add the first member."
      />
    );
  } else {
    body = (
      <DataTable
        label="Users"
        data={users.data}
        columns={columns}
        getRowId={(user) => user.user_id}
      />
    );
  }

  return (
    <Box>
      <PageHeader
        title="Users"
        subtitle="Members of the membership system (up to 100)."
        actions={
          <>
            <Button variant="outline" onClick={() => setShowingLocks(true)}>
              <LuLockOpen /> Sign-in Locks
            </Button>
            <Button colorPalette="blue" onClick={() => setCreating(true)}>
              <LuUserPlus /> Create New User
            </Button>
          </>
        }
      />
      {created && (
        <Alert.Root status="success" mt="2" mb="4" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>User &quot;{created.login}&quot; created successfully!</Alert.Title>
            {created.generatedPassword && (
              <Alert.Description>
                <GeneratedPassword login={created.login} password={created.generatedPassword} />
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
      {body}
      <SignInLocksDialog open={showingLocks} onClose={() => setShowingLocks(false)} />
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      <JsonModal
        open={selected !== null}
        title={selected ? `User ${selected.login}` : 'User'}
        value={selected}
        onClose={() => setSelected(null)}
      >
        {selected && (
          <DataList.Root orientation="horizontal" size="sm" mb="3">
            <DataList.Item>
              <DataList.ItemLabel>User ID</DataList.ItemLabel>
              <DataList.ItemValue>{selected.user_id}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Email</DataList.ItemLabel>
              <DataList.ItemValue>{selected.email}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Status</DataList.ItemLabel>
              <DataList.ItemValue>
                <StatusBadge status={selected.status} />
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Last Login</DataList.ItemLabel>
              <DataList.ItemValue>
                <Text>{selected.last_login || 'Never'}</Text>
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        )}
      </JsonModal>
    </Box>
  );
}

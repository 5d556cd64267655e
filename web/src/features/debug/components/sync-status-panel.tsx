import { Button, DataList, Field, Flex, Input, Text } from '@chakra-ui/react';
import type { AuthSyncStatus } from '@shared/membership/membership-session';
import { orMissing } from '@/lib/format';
import { Item, Panel, YesNo } from './debug-parts';

/** A member's sync status: the email to check, Check Sync Status and the last answer. */
export function SyncStatusPanel({
  syncStatus,
  email,
  onEmailChange,
  checking,
  onCheck,
}: {
  syncStatus: AuthSyncStatus | null;
  email: string;
  onEmailChange: (email: string) => void;
  checking: boolean;
  onCheck: () => void;
}) {
  return (
    <Panel title="Sync Status" gap="3">
      <Flex gap="2" align="flex-end" wrap="wrap">
        <Field.Root flex="1" minW="200px">
          <Field.Label>Member email</Field.Label>
          <Input
            type="email"
            value={email}
            onChange={(event) => onEmailChange(event.target.value)}
          />
        </Field.Root>
        <Button variant="outline" loading={checking} onClick={onCheck}>
          Check Sync Status
        </Button>
      </Flex>
      {syncStatus ? (
        <DataList.Root orientation="horizontal" size="sm">
          <Item label="Synced">
            <YesNo value={syncStatus.isSynced} />
          </Item>
          <Item label="Has Rithmic user">
            <YesNo value={syncStatus.hasRithmicUser} />
          </Item>
          <Item label="Has aMember password">
            <YesNo value={syncStatus.hasAmemberPassword} />
          </Item>
          <Item label="Message">{orMissing(syncStatus.message)}</Item>
        </DataList.Root>
      ) : (
        <Text color="fg.muted">No sync status checked yet.</Text>
      )}
    </Panel>
  );
}

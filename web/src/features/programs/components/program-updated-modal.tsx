import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DialogFrame } from '@/components/ui/dialog-frame';

/**
 * Spec 001 §2.3: after a save, when accounts still trade an older version of the program
 * (decision 17), offer to move them to the new one.
 */
export function ProgramUpdatedModal({
  prefix,
  version,
  outdatedAccounts,
  isUpgrading,
  onSkip,
  onUpgrade,
}: {
  prefix: string;
  version: number;
  outdatedAccounts: number;
  isUpgrading: boolean;
  onSkip: () => void;
  onUpgrade: () => void;
}) {
  const [upgrade, setUpgrade] = useState(false);
  return (
    <DialogFrame
      role="alertdialog"
      onClose={onSkip}
      closable={!isUpgrading}
      title="Program Updated Successfully"
      footer={
        <>
          <Button variant="outline" onClick={onSkip} disabled={isUpgrading}>
            Skip and Close
          </Button>
          <Button colorPalette="blue" disabled={!upgrade} loading={isUpgrading} onClick={onUpgrade}>
            Upgrade Accounts &amp; Close
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>
          {prefix} is now at version {version}.{' '}
          {outdatedAccounts === 1
            ? '1 account uses an older version.'
            : `${outdatedAccounts} accounts use an older version.`}
        </Text>
        <Checkbox.Root
          checked={upgrade}
          onCheckedChange={(details) => setUpgrade(details.checked === true)}
          disabled={isUpgrading}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>upgrade all accounts using the program to the new version</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </DialogFrame>
  );
}

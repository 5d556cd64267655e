import { Box, Button, Card, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBellOff, LuLock } from 'react-icons/lu';
import type { NotificationEventType } from '@shared/notifications/events';
import type { NotificationPreferences } from '@shared/notifications/webhooks';
import { FormAlert } from '@/components/ui/form';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useNotificationPreferences, useSaveNotificationPreferences } from '@/api/notifications';
import {
  ALWAYS_SENT_REASON,
  EVENT_DESCRIPTIONS,
  EVENT_LABELS,
  isOptionalForTrader,
  TRADER_EVENTS,
} from '../notification-labels';

function EventSwitch({
  type,
  on,
  onChange,
}: {
  type: NotificationEventType;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const optional = isOptionalForTrader(type);
  const reasonId = `always-sent-${type}`;
  return (
    <HStack
      as="li"
      justify="space-between"
      align="flex-start"
      gap="4"
      py="3"
      _notFirst={{ borderTopWidth: '1px' }}
    >
      <Box minW="0">
        <Text fontWeight="medium">{EVENT_LABELS[type]}</Text>
        <Text fontSize="sm" color="fg.muted">
          {EVENT_DESCRIPTIONS[type]}
        </Text>
        {!optional && (
          <HStack gap="1" fontSize="sm" color="fg.muted" id={reasonId}>
            <LuLock aria-hidden />
            <Text>{ALWAYS_SENT_REASON}</Text>
          </HStack>
        )}
      </Box>
      <Switch.Root
        colorPalette="blue"
        checked={optional ? on : true}
        disabled={!optional}
        onCheckedChange={(details) => onChange(details.checked)}
        flexShrink={0}
      >
        <Switch.HiddenInput
          aria-label={`E-mail: ${EVENT_LABELS[type]}`}
          aria-describedby={optional ? undefined : reasonId}
        />
        <Switch.Control />
      </Switch.Root>
    </HStack>
  );
}

function PreferencesForm({
  traderId,
  preferences,
}: {
  traderId: string;
  preferences: NotificationPreferences;
}) {
  const save = useSaveNotificationPreferences(traderId);
  const [off, setOff] = useState<ReadonlySet<NotificationEventType>>(
    () => new Set(preferences.emailOff.filter(isOptionalForTrader)),
  );
  const saved = new Set(preferences.emailOff);
  const changed = off.size !== saved.size || [...off].some((type) => !saved.has(type));
  const toggle = (type: NotificationEventType, on: boolean) =>
    setOff((current) => {
      const next = new Set(current);
      if (on) next.delete(type);
      else next.add(type);
      return next;
    });
  const submit = () =>
    save.mutate(
      TRADER_EVENTS.filter((type) => off.has(type)),
      {
        onSuccess: () =>
          toaster.create({ type: 'success', title: 'Notification preferences saved' }),
      },
    );

  return (
    <Card.Root as="section" aria-label="E-mail notifications" maxW="3xl">
      <Card.Body>
        <Stack gap="2">
          {save.error && (
            <FormAlert title={`Failed to save your preferences: ${errorText(save.error)}`} />
          )}
          <Stack as="ul" listStyleType="none" m="0" p="0" gap="0">
            {TRADER_EVENTS.map((type) => (
              <EventSwitch
                key={type}
                type={type}
                on={!off.has(type)}
                onChange={(on) => toggle(type, on)}
              />
            ))}
          </Stack>
          <HStack justify="flex-end" pt="2">
            <Button
              colorPalette="blue"
              loading={save.isPending}
              loadingText="Saving..."
              disabled={!changed}
              onClick={submit}
            >
              Save preferences
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The trader's e-mail choices (`/traders/notifications`): one switch per e-mail they receive; the
 * optional ones can be turned off, breaches and payout decisions are always sent and say so.
 */
export function TraderNotificationsPage() {
  const traderId = useSession()?.user.traderId;
  const preferences = useNotificationPreferences(traderId);

  let content;
  if (traderId === undefined) {
    content = (
      <PageEmpty
        icon={<LuBellOff />}
        title="No trading record"
        description="E-mail preferences belong to a trader's own sign-in."
      />
    );
  } else if (preferences.isPending) {
    content = <PageLoading label="Loading your preferences..." />;
  } else if (preferences.isError) {
    content = (
      <PageError
        title="Failed to load your preferences"
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
      />
    );
  } else {
    content = (
      <PreferencesForm
        key={preferences.dataUpdatedAt}
        traderId={traderId}
        preferences={preferences.data}
      />
    );
  }

  return (
    <Box>
      <PageHeader
        title="Notifications"
        subtitle="The e-mails you receive about your accounts and payouts"
      />
      {content}
    </Box>
  );
}

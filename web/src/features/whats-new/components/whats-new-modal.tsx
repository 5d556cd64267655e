import { Badge, Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { WHATS_NEW_MODAL_DELAY_MS } from '@shared/whats-new/release';
import { useSession } from '@/lib/session';
import { markShown, useWhatsNew } from '@/api/whats-new';
import { releaseToShow, whatsNewStorage } from '../modal-decision';
import { ReleaseItemView } from './release-item-view';
import { formatDate } from '@/lib/format';

/**
 * The What's New modal (spec 001 §2.15, §4), mounted once in the admin shell and the trader area. About a second after
 * the page loads, and only if it has not been shown in this browser session, it opens with the
 * current release when the user has not seen it (or with the built-in release when the call fails).
 * 'Got it!' records the version in this browser at once and then on the server, whose failure is
 * ignored; 'Maybe later' (or Escape) only closes it, so it comes back in the next session.
 */
export function WhatsNewModal() {
  const session = useSession();
  // Read once per page load: opening the modal sets the flag, which must not hide it again.
  const [eligible] = useState(() => !whatsNewStorage.shownThisSession());
  const whatsNew = useWhatsNew(eligible && session !== null);
  const [delayPassed, setDelayPassed] = useState(false);
  const [closed, setClosed] = useState(false);
  // The version this browser recorded, as it was when the page loaded.
  const [lastSeenVersion] = useState(() => whatsNewStorage.lastSeenVersion());

  useEffect(() => {
    if (!eligible || session === null) return;
    const timer = window.setTimeout(() => setDelayPassed(true), WHATS_NEW_MODAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [eligible, session]);

  // The view is fetched once per page load (never invalidated), so this decision does not change.
  const candidate = useMemo(() => {
    if (!delayPassed || whatsNew.isPending) return undefined;
    return releaseToShow(
      whatsNew.isError ? { failed: true } : { data: whatsNew.data.data },
      lastSeenVersion,
    );
  }, [delayPassed, whatsNew.isPending, whatsNew.isError, whatsNew.data, lastSeenVersion]);
  const release = closed ? undefined : candidate;

  useEffect(() => {
    if (release) whatsNewStorage.markShownThisSession();
  }, [release]);

  const acknowledge = () => {
    if (!release) return;
    whatsNewStorage.recordSeen(release.version);
    setClosed(true);
    markShown(release.version).catch(() => {
      // Spec 001 §8: the version is recorded in this browser even when the server call fails.
    });
  };

  // Nothing is mounted until there is a release to show: the shell renders on every page.
  if (!release) return null;
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) setClosed(true);
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Stack gap="1">
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette="blue" variant="solid">
                    v{release.version}
                  </Badge>
                  <Text fontSize="sm" color="fg.muted">
                    {formatDate(release.releaseDate)}
                  </Text>
                </HStack>
                <Dialog.Title>What&apos;s New: {release.title}</Dialog.Title>
              </Stack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {release.summary && <Text>{release.summary}</Text>}
                <Stack as="ul" gap="4" aria-label="Release items" m="0" p="0">
                  {release.items.map((item) => (
                    <ReleaseItemView key={item.id} item={item} />
                  ))}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setClosed(true)}>
                Maybe later
              </Button>
              <Button colorPalette="blue" onClick={acknowledge}>
                Got it!
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { WHATS_NEW_MODAL_DELAY_MS } from '@shared/whats-new/release';
import { useSession } from '@/lib/session';
import { markShown, useWhatsNew } from '@/api/whats-new';
import { releaseToShow, whatsNewStorage } from '../modal-decision';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { ReleaseItemView } from './release-item-view';
import { ReleaseVersionLine } from './release-version-line';

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
    <DialogFrame
      onClose={() => setClosed(true)}
      size="lg"
      scrollBehavior="inside"
      header={
        <Stack gap="1">
          <ReleaseVersionLine
            versionBadge
            version={release.version}
            releaseDate={release.releaseDate}
          />
          <Dialog.Title>What&apos;s New: {release.title}</Dialog.Title>
        </Stack>
      }
      closeLabel="Close"
      footer={
        <>
          <Button variant="outline" onClick={() => setClosed(true)}>
            Maybe later
          </Button>
          <Button colorPalette="blue" onClick={acknowledge}>
            Got it!
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {release.summary && <Text>{release.summary}</Text>}
        <Stack as="ul" gap="4" aria-label="Release items" m="0" p="0">
          {release.items.map((item) => (
            <ReleaseItemView key={item.id} item={item} />
          ))}
        </Stack>
      </Stack>
    </DialogFrame>
  );
}

import { Box, Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/** Spec 001 §9: the copy confirmation lasts 2 seconds. */
const COPIED_MS = 2_000;

/**
 * A read-only view of a JSON value with Copy JSON and Close (spec 001 §2.3, §2.11; §9: at least
 * 500×500 where the window allows, the viewer 400 px high at most).
 */
export function JsonModal({
  open,
  title,
  value,
  onClose,
}: {
  open: boolean;
  title: string;
  value: unknown;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const text = JSON.stringify(value, null, 2);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    // Clipboard failures are only logged (spec 001 §8).
    navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      (error: unknown) => console.warn('Copy JSON failed', error),
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content minW="min(500px, 95vw)" minH="min(500px, 90vh)" maxW="4xl">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box
                as="pre"
                aria-label={`${title} content`}
                fontFamily="mono"
                fontSize="xs"
                bg="bg.muted"
                p="3"
                rounded="md"
                maxH="400px"
                overflow="auto"
                whiteSpace="pre"
              >
                {text}
              </Box>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={copy}>
                {copied ? 'Copied!' : 'Copy JSON'}
              </Button>
              <Button onClick={onClose}>Close</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

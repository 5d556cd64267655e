import { Alert, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { FRAME_SANDBOX } from '../hub-sections';

/** How long a tool's frame may take to load before the fallback shows. */
export const TOOL_LOAD_TIMEOUT_MS = 15_000;

/**
 * A tool's header and sandboxed frame (spec 001 §2.25), with the fallback 'Unable to Load {tool}',
 * the tool's hint and 'Open in New Tab' when there is no address, when the server found the tool's
 * site down (`down`: refused, no answer or 5xx, known within seconds), or when the frame has not
 * loaded within 15 s (a frame's failure fires no event the page can see).
 */
export function EmbeddedFrame({
  name,
  description,
  url,
  hint,
  badge,
  origin,
  down = false,
}: {
  name: string;
  description: string;
  url: string | undefined;
  hint: string;
  badge?: ReactNode;
  /** The admin site's own origin: messages from it in tool pages are only logged. */
  origin?: string;
  /** The tool's site is known to be down (refused the connection, no answer, or a 5xx). */
  down?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);

  // A frame that never finishes loading (the tool is down or refuses to be framed) falls back.
  useEffect(() => {
    if (loaded || !url) return undefined;
    const timer = setTimeout(() => setFailed(true), TOOL_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [loaded, url]);

  useEffect(() => {
    const ownOrigin = origin ?? window.location.origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin === ownOrigin) console.info(`${name} message`, event.data);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [name, origin]);

  const unavailable = failed || down || !url;
  return (
    <Stack gap="4" h="full">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="2xl">
          {name}
        </Heading>
        {badge}
      </Flex>
      <Text color="fg.muted">{description}</Text>
      {unavailable ? (
        <Alert.Root status="warning" role="alert" alignItems="flex-start">
          <Alert.Indicator />
          <Alert.Content gap="2">
            <Alert.Title>Unable to Load {name}</Alert.Title>
            <Alert.Description>{hint}</Alert.Description>
            {url ? (
              <Button asChild size="sm" variant="outline" alignSelf="flex-start">
                <a href={url} target="_blank" rel="noopener noreferrer">
                  <LuExternalLink /> Open in New Tab
                </a>
              </Button>
            ) : (
              <Text fontSize="sm">This tool has no address configured.</Text>
            )}
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Box flex="1" minH="70vh" borderWidth="1px" rounded="md" overflow="hidden">
          <iframe
            title={name}
            src={url}
            sandbox={FRAME_SANDBOX}
            onLoad={() => setLoaded(true)}
            style={{ width: '100%', height: '100%', minHeight: '70vh', border: 0 }}
          />
        </Box>
      )}
    </Stack>
  );
}

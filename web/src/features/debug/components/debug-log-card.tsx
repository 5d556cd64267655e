import { Badge, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { formatTime } from '@/lib/format';
import type { LogEntry, LogLevel } from '../debug-log';

const LEVEL_PALETTE: Record<LogLevel, string> = {
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

/** The console's log, newest first, with Clear. */
export function DebugLogCard({
  entries,
  onClear,
}: {
  entries: readonly LogEntry[];
  onClear: () => void;
}) {
  return (
    <Card.Root mt="4">
      <Card.Header>
        <Flex justify="space-between" align="center">
          <Heading size="md">Log</Heading>
          <Button size="xs" variant="ghost" onClick={onClear}>
            Clear
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>
        {entries.length === 0 ? (
          <Text color="fg.muted">Nothing logged yet.</Text>
        ) : (
          <Stack as="ol" aria-label="Debug log" gap="1" fontFamily="mono" fontSize="xs">
            {entries.map((entry) => (
              <Flex as="li" key={entry.id} gap="2" align="baseline" listStyleType="none">
                <Text color="fg.muted" flexShrink={0}>
                  {formatTime(entry.time, 'seconds')}
                </Text>
                <Badge size="xs" colorPalette={LEVEL_PALETTE[entry.level]}>
                  {entry.level}
                </Badge>
                <Text wordBreak="break-word">{entry.message}</Text>
              </Flex>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

import { Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A screen's title and subtitle, with its `actions` (buttons, links) beside them; on a narrow
 * screen the actions wrap under the title.
 */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  const heading = (
    <Stack gap="1" mb="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {subtitle && <Text color="fg.muted">{subtitle}</Text>}
    </Stack>
  );
  if (actions === undefined) return heading;
  return (
    <Flex
      justify="space-between"
      align="flex-start"
      gap="4"
      wrap="wrap"
      mb={{ base: '4', md: '0' }}
    >
      {heading}
      <HStack gap="2" wrap="wrap">
        {actions}
      </HStack>
    </Flex>
  );
}

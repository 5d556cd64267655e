import { Badge, Box, Flex, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import type { WhatsNewItem } from '@shared/whats-new/release';
import { CATEGORY_DISPLAY, categoryOf, PRIORITY_COLOR } from '../release-display';
import { formatDate } from '@/lib/format';

/** One item of a release (spec 001 §2.15): category icon, title, date, priority, description, tags. */
export function ReleaseItemView({ item }: { item: WhatsNewItem }) {
  const category = CATEGORY_DISPLAY[categoryOf(item.category)];
  return (
    <Flex as="li" gap="3" align="flex-start" listStyleType="none">
      <Flex
        flexShrink={0}
        boxSize="8"
        rounded="full"
        align="center"
        justify="center"
        bg={`${category.color}.subtle`}
        color={`${category.color}.fg`}
        title={category.label}
      >
        <Icon as={category.icon} boxSize="4" aria-label={category.label} />
      </Flex>
      <Stack gap="1" flex="1" minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{item.title}</Text>
          <Badge colorPalette={PRIORITY_COLOR[item.priority]} variant="subtle" size="sm">
            {item.priority}
          </Badge>
          <Text fontSize="xs" color="fg.muted">
            {formatDate(item.date)}
          </Text>
        </HStack>
        {item.description && (
          <Text fontSize="sm" color="fg.muted">
            {item.description}
          </Text>
        )}
        {item.tags.length > 0 && (
          <Box>
            <HStack gap="1" wrap="wrap" aria-label="Tags">
              {item.tags.map((tag) => (
                <Badge key={tag} variant="outline" size="sm">
                  {tag}
                </Badge>
              ))}
            </HStack>
          </Box>
        )}
      </Stack>
    </Flex>
  );
}

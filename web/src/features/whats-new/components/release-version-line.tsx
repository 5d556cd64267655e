import { Badge, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';

/**
 * A release's version and date on one line, then `children` (the admin list's state badges). The
 * What's New modal shows the version as a badge, the admin list as bold monospace text.
 */
export function ReleaseVersionLine({
  version,
  releaseDate,
  versionBadge = false,
  children,
}: {
  version: string;
  releaseDate: string;
  versionBadge?: boolean;
  children?: ReactNode;
}) {
  return (
    <HStack gap="2" wrap="wrap">
      {versionBadge ? (
        <Badge colorPalette="blue" variant="solid">
          v{version}
        </Badge>
      ) : (
        <Text fontWeight="bold" fontFamily="mono">
          v{version}
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted">
        {formatDate(releaseDate)}
      </Text>
      {children}
    </HStack>
  );
}

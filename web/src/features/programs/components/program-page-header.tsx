import { Flex, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';

/** The program screens' title with their buttons beside it (wrapping under it when narrow). */
export function ProgramPageHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Flex
      justify="space-between"
      align="flex-start"
      gap="4"
      wrap="wrap"
      mb={{ base: '4', md: '0' }}
    >
      <PageHeader title={title} subtitle={subtitle} />
      <HStack gap="2" wrap="wrap">
        {children}
      </HStack>
    </Flex>
  );
}

import { Heading, Stack, Text } from '@chakra-ui/react';

export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack gap="1" mb="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {subtitle && <Text color="fg.muted">{subtitle}</Text>}
    </Stack>
  );
}

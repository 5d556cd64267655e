import { Button, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { LuExternalLink } from 'react-icons/lu';
import { INVALID_URL_MESSAGE, webUrlProblem } from '@shared/common/fields';
import { TextField } from '@/components/ui/form';
import { useProgramFormContext, type ProgramFormValues } from './form-values';

/** What is shown under the URLs: a Purchase link when the URL is a web address, else why not. */
function PurchaseLink({ url }: { url: string }) {
  if (url === '') {
    return (
      <Text color="fg.muted" fontSize="sm">
        URLs are used for program actions and may be left empty.
      </Text>
    );
  }
  const problem = webUrlProblem(url);
  // Never a link to javascript:, data: and the like (a program saved before such URLs were refused).
  if (problem) {
    return (
      <Text color="fg.error" fontSize="sm">
        {problem === 'scheme' ? 'Purchase URL must be an http or https URL' : INVALID_URL_MESSAGE}
      </Text>
    );
  }
  return (
    <Button asChild size="sm" variant="outline">
      <Link href={url} target="_blank" rel="noopener noreferrer">
        Purchase <LuExternalLink />
      </Link>
    </Button>
  );
}

/** Spec 001 §2.4 Program URLs, all optional. */
export function ProgramUrls() {
  const { control } = useProgramFormContext();
  const purchaseUrl = useWatch({ control, name: 'urls.purchaseUrl' }) ?? '';
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <TextField<ProgramFormValues> name="urls.purchaseUrl" label="Purchase URL" type="url" />
        <TextField<ProgramFormValues> name="urls.resetUrl" label="Reset URL" type="url" />
        <TextField<ProgramFormValues> name="urls.cancelUrl" label="Cancel URL" type="url" />
      </SimpleGrid>
      <HStack>
        <PurchaseLink url={purchaseUrl.trim()} />
      </HStack>
    </Stack>
  );
}

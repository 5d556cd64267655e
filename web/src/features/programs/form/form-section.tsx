import { Box, Button, Card, Icon } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';

/**
 * A collapsible section of the program form (spec 001 §2.4). A collapsed section stays mounted, so
 * its fields keep their values and still validate.
 */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const contentId = useId();
  return (
    <Card.Root variant="outline">
      <Card.Header px={{ base: '3', md: '6' }} pb={open ? undefined : '5'}>
        <Button
          variant="plain"
          p="0"
          h="auto"
          justifyContent="flex-start"
          fontSize="lg"
          fontWeight="semibold"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon as={open ? LuChevronDown : LuChevronRight} />
          {title}
        </Button>
      </Card.Header>
      <Box id={contentId} hidden={!open}>
        <Card.Body px={{ base: '3', md: '6' }}>{children}</Card.Body>
      </Box>
    </Card.Root>
  );
}

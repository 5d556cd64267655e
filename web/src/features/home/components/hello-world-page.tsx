import { Heading, Text } from '@chakra-ui/react';

/**
 * `/hello`, the route table's placeholder (spec 001 §2 'Routes', spec 000 §2 'a placeholder Hello
 * World component'): kept as the spec lists it, inside the admin layout.
 */
export function HelloWorldPage() {
  return (
    <>
      <Heading as="h1" size="2xl" mb="2">
        Hello World
      </Heading>
      <Text color="fg.muted">A placeholder page of the route table.</Text>
    </>
  );
}

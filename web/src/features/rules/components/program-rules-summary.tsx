import { Badge, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ProgramRulesMap } from '@shared/programs/program-rules';
import type { RuleCatalogue } from '@/features/programs/program-columns';

/** Spec 001 §2.17 Program Rules Summary: one card per program's rule configuration. */
export function ProgramRulesSummary({
  programRules,
  catalogue,
}: {
  programRules: ProgramRulesMap;
  catalogue: RuleCatalogue;
}) {
  const entries = Object.entries(programRules).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) {
    return <Text color="fg.muted">No program has rules yet.</Text>;
  }
  return (
    <SimpleGrid
      columns={{ base: 1, md: 2, xl: 3 }}
      gap="4"
      role="list"
      aria-label="Program rules summary"
    >
      {entries.map(([programId, configuration]) => {
        const enabled = configuration.rules.filter((rule) => rule.enabled).length;
        return (
          <Card.Root
            key={programId}
            size="sm"
            variant="outline"
            role="listitem"
            aria-label={programId}
          >
            <Card.Header>
              <HStack justify="space-between">
                <Card.Title fontFamily="mono">{programId}</Card.Title>
                <Badge>{configuration.phaseId}</Badge>
              </HStack>
            </Card.Header>
            <Card.Body>
              <Stack gap="1" fontSize="sm">
                <Text>
                  {configuration.rules.length} rules, {enabled} enabled · order{' '}
                  {configuration.evaluationOrder}
                </Text>
                <HStack gap="1" wrap="wrap">
                  {configuration.rules.map((rule) => (
                    <Badge
                      key={rule.ruleId}
                      variant="outline"
                      colorPalette={
                        catalogue.has(rule.ruleId) ? (rule.enabled ? 'blue' : 'gray') : 'red'
                      }
                      title={`Priority ${rule.priority}`}
                    >
                      {catalogue.get(rule.ruleId)?.name ?? `${rule.ruleId} (missing)`}
                    </Badge>
                  ))}
                </HStack>
              </Stack>
            </Card.Body>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  );
}

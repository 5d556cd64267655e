import { Badge, Box, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { RuleExplanation, Standing, VerdictExplanation } from '@shared/rules/explain';

/** How each standing reads and its colour: breached red, warning orange, missing blue, met green. */
export const STANDING_DISPLAY: Record<Standing, { label: string; palette: string }> = {
  breached: { label: 'Breached', palette: 'red' },
  warning: { label: 'Warning', palette: 'orange' },
  missing: { label: 'Missing', palette: 'blue' },
  met: { label: 'Met', palette: 'green' },
  ok: { label: 'OK', palette: 'gray' },
};

const STATUS_DISPLAY: Record<VerdictExplanation['status'], { label: string; palette: string }> = {
  failed: { label: 'Failed', palette: 'red' },
  passed: { label: 'Passed', palette: 'green' },
  active: { label: 'Active', palette: 'blue' },
  'no-data': { label: 'No data', palette: 'gray' },
};

function RuleStatement({
  rule,
  dayHref,
}: {
  rule: RuleExplanation;
  dayHref?: (date: string) => string;
}) {
  const standing = STANDING_DISPLAY[rule.standing];
  const link =
    dayHref && rule.date && (rule.standing === 'breached' || rule.standing === 'warning');
  return (
    <List.Item data-rule={rule.ruleId} data-standing={rule.standing}>
      <Stack gap="1">
        {/* On a phone the badges sit above the sentence, which keeps the full width. */}
        <Stack direction={{ base: 'column', md: 'row' }} gap="2" align="flex-start">
          <HStack gap="2" flexShrink={0}>
            <Badge colorPalette={standing.palette} variant="subtle" whiteSpace="nowrap" mt="0.5">
              {standing.label}
            </Badge>
            {rule.decisive && (
              <Badge colorPalette="red" variant="solid" whiteSpace="nowrap" mt="0.5">
                Decisive
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" fontWeight={rule.decisive ? 'semibold' : 'normal'}>
            {rule.sentence}
          </Text>
        </Stack>
        {rule.fills.length > 0 && (
          <List.Root fontSize="xs" color="fg.muted" ps="6" aria-label={`${rule.name} fills`}>
            {rule.fills.map((fill) => (
              <List.Item key={`${fill.time}-${fill.symbol}`}>
                {fill.symbol} {fill.localTime} ({fill.timeZone}): {fill.broke}
              </List.Item>
            ))}
          </List.Root>
        )}
        {link && (
          <Box ps="1">
            <Link asChild colorPalette="blue" fontSize="xs">
              <RouterLink to={dayHref(rule.date!)}>View the day of {rule.name}</RouterLink>
            </Link>
          </Box>
        )}
      </Stack>
    </List.Item>
  );
}

/**
 * The verdict explained (shared/rules/explain): the account's status and headline, then one
 * statement per rule, the decisive rule first, with the fills that broke a rule and a link to the
 * day of a breach or warning. Every word comes from the explanation; the screen adds none.
 */
export function VerdictPanel({
  explanation,
  dayHref,
}: {
  explanation: VerdictExplanation;
  dayHref?: (date: string) => string;
}) {
  const status = STATUS_DISPLAY[explanation.status];
  // A failed account's headline is its decisive rule's sentence, which leads the list below.
  const repeated = explanation.rules.some(
    (rule) => rule.decisive && rule.sentence === explanation.headline,
  );
  return (
    <Stack gap="3">
      <HStack gap="2" align="flex-start">
        <Badge colorPalette={status.palette} variant="solid" whiteSpace="nowrap" mt="0.5">
          {status.label}
        </Badge>
        {!repeated && <Text fontWeight="semibold">{explanation.headline}</Text>}
      </HStack>
      {explanation.rules.length > 0 && (
        <List.Root gap="3" listStyle="none" aria-label="Standing per rule">
          {explanation.rules.map((rule) => (
            <RuleStatement key={rule.ruleId} rule={rule} dayHref={dayHref} />
          ))}
        </List.Root>
      )}
    </Stack>
  );
}

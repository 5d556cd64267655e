import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { LuChevronDown, LuChevronUp, LuSettings2, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import type { RuleCatalogue } from '@/lib/programs/program-columns';
import {
  effectiveParameters,
  firstParameterSummary,
  parameterText,
} from '@/lib/programs/rule-parameters-view';
import type { ProgramFormValues } from './form-values';
import { RuleSettings, type ReferenceInput } from './rule-settings';

/** One rule reference of a phase: its summary, details, settings and removal. */
export function RuleRow({
  phaseIndex,
  ruleIndex,
  catalogue,
  readOnly,
  onRemove,
}: {
  phaseIndex: number;
  ruleIndex: number;
  catalogue: RuleCatalogue;
  readOnly: boolean;
  onRemove: () => void;
}) {
  const reference = useWatch<ProgramFormValues>({
    name: `phases.${phaseIndex}.rules.rules.${ruleIndex}`,
  }) as ReferenceInput;
  const [showDetails, setShowDetails] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const definition = catalogue.get(reference.ruleId);
  const name = definition?.name ?? reference.ruleId;
  const parameters = effectiveParameters(definition, reference.parameterOverrides);
  return (
    <Box
      borderWidth="1px"
      rounded="md"
      p="3"
      role="listitem"
      aria-label={name}
      opacity={reference.enabled === false ? 0.7 : 1}
    >
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
        <Stack gap="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{name}</Text>
            {definition === undefined && (
              <Badge colorPalette="red" variant="solid">
                Missing
              </Badge>
            )}
            {reference.enabled === false && <Badge>Disabled</Badge>}
          </HStack>
          <HStack gap="2" wrap="wrap" fontSize="xs">
            {definition && <Badge variant="outline">{definition.category}</Badge>}
            {definition && <Badge colorPalette="orange">{definition.action.type}</Badge>}
            <Text color="fg.muted" fontFamily="mono">
              {firstParameterSummary(parameters)}
            </Text>
            <Text color="fg.muted">Priority {reference.priority ?? 100}</Text>
          </HStack>
        </Stack>
        <HStack gap="1" wrap="wrap">
          <Button size="xs" variant="ghost" onClick={() => setShowDetails((value) => !value)}>
            {showDetails ? <LuChevronUp /> : <LuChevronDown />}
            {showDetails ? 'Hide details' : 'Show details'}
          </Button>
          {!readOnly && (
            <>
              <Button
                size="xs"
                variant="ghost"
                aria-expanded={editing}
                onClick={() => setEditing((value) => !value)}
              >
                <LuSettings2 /> Edit settings
              </Button>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                onClick={() => setConfirming(true)}
              >
                <LuTrash2 /> Remove
              </Button>
            </>
          )}
        </HStack>
      </HStack>
      {showDetails && (
        <Stack gap="2" mt="3" fontSize="sm" role="group" aria-label="Rule details">
          <Text>{definition?.description ?? 'The rule definition cannot be found.'}</Text>
          <Box>
            <Text fontWeight="medium">Configuration parameters</Text>
            {Object.entries(parameters).map(([key, value]) => (
              <Text key={key} fontFamily="mono" fontSize="xs">
                {key}: {parameterText(value)}
              </Text>
            ))}
          </Box>
          {definition && (
            <Text>
              Action: {definition.action.type} (
              {definition.action.immediate ? 'Immediate' : 'End of Day'})
              {definition.action.description ? ` — ${definition.action.description}` : ''}
            </Text>
          )}
        </Stack>
      )}
      {editing && !readOnly && (
        <Box mt="3">
          <RuleSettings
            phaseIndex={phaseIndex}
            ruleIndex={ruleIndex}
            definition={definition}
            reference={reference}
          />
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title="Remove rule"
        message={`Are you sure you want to remove the rule "${name}" from this phase?`}
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          setConfirming(false);
          onRemove();
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

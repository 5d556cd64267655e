import { HStack, IconButton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { CopyButton } from './copy-button';
import { MISSING } from '@/lib/format';

/** Decision 31: a password shows as a fixed 8 bullets until revealed, never one per character. */
export const MASKED = '••••••••';

/**
 * A stored secret on a screen (decision 31): 8 bullets, an eye toggle and a copy button; a dash
 * without a value. `label` names it in the buttons ("Show {label}", "Copy {label}"); `textLabel`
 * names the text itself (default `label`).
 */
export function SecretText({
  value,
  label,
  textLabel = label,
  testId,
}: {
  value: string | undefined;
  label: string;
  textLabel?: string;
  /** For tests that find the masked text whatever its label. */
  testId?: string;
}) {
  const [visible, setVisible] = useState(false);
  if (!value) return <Text color="fg.muted">{MISSING}</Text>;
  return (
    <HStack gap="1" wrap="wrap">
      <Text fontFamily="mono" wordBreak="break-all" aria-label={textLabel} data-testid={testId}>
        {visible ? value : MASKED}
      </Text>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={visible ? `Hide ${label}` : `Show ${label}`}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <LuEyeOff /> : <LuEye />}
      </IconButton>
      <CopyButton value={value} label={`Copy ${label}`} />
    </HStack>
  );
}

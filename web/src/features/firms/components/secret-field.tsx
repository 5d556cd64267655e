import { Group, HStack, IconButton, Input, Text, type InputProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import { LuCopy, LuEye, LuEyeOff } from 'react-icons/lu';

/** Decision 31: a password on a staff screen shows as a fixed 8 bullets until revealed. */
export const MASKED = '••••••••';

/** A password input masked by default, with a show/hide toggle (spec 001 §2.21). */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps & { label: string }>(
  function PasswordInput({ label, ...props }, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <Group attached w="full">
        <Input ref={ref} type={visible ? 'text' : 'password'} autoComplete="off" {...props} />
        <IconButton
          variant="outline"
          aria-label={visible ? `Hide ${label}` : `Show ${label}`}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <LuEyeOff /> : <LuEye />}
        </IconButton>
      </Group>
    );
  },
);

/** A stored password on the detail page: 8 bullets, an eye toggle and a copy button. */
export function SecretText({ value, label }: { value: string | undefined; label: string }) {
  const [visible, setVisible] = useState(false);
  if (!value) return <Text color="fg.muted">—</Text>;
  return (
    <HStack gap="1">
      <Text fontFamily="mono" aria-label={label}>
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
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={`Copy ${label}`}
        onClick={() => {
          navigator.clipboard?.writeText(value).catch(() => {
            // Spec 001 §8: clipboard failures are only logged; there is nothing else to do.
          });
        }}
      >
        <LuCopy />
      </IconButton>
    </HStack>
  );
}

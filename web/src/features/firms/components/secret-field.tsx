import { Group, IconButton, Input, type InputProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';

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

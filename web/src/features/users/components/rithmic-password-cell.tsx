import { HStack, IconButton, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuCheck, LuCopy, LuEye, LuEyeOff } from 'react-icons/lu';
import { COPIED_MS } from '@/components/json-modal/json-modal';
import { fetchRithmicPassword } from '@/api/amember';
import { MASKED } from '@/components/secret-text/secret-text';
import { orMissing } from '@/lib/format';

/**
 * The Rithmic Password cell (spec 001 §2.19, decision 31): masked, with reveal and copy. The
 * password is fetched from its own staff route only when asked for, and never logged.
 */
export function RithmicPasswordCell({ userId, login }: { userId: string; login: string }) {
  const [password, setPassword] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const load = async (): Promise<string | null> => {
    if (password !== null) return password;
    try {
      const value = await fetchRithmicPassword(userId);
      setPassword(value ?? '');
      setFailed(false);
      return value;
    } catch {
      setFailed(true);
      return null;
    }
  };

  const toggle = async () => {
    if (!shown) await load();
    setShown((value) => !value);
  };
  const copy = async () => {
    const value = await load();
    if (!value) return;
    // Clipboard failures are only logged (spec 001 §8), without the password.
    navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => console.warn('Copy of the Rithmic password failed'),
    );
  };

  return (
    <HStack gap="1">
      <Text fontFamily="mono" fontSize="sm">
        {failed ? 'Unavailable' : shown && password !== null ? orMissing(password) : MASKED}
      </Text>
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={`${shown ? 'Hide' : 'Show'} Rithmic password of ${login}`}
        onClick={() => void toggle()}
      >
        {shown ? <LuEyeOff /> : <LuEye />}
      </IconButton>
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={copied ? 'Copied!' : `Copy Rithmic password of ${login}`}
        onClick={() => void copy()}
      >
        {copied ? <LuCheck /> : <LuCopy />}
      </IconButton>
    </HStack>
  );
}

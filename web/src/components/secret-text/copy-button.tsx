import { IconButton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { COPIED_MS } from '../json-modal/json-modal';

/**
 * Copies a secret staff hand over (a password) and says 'Copied!' for 2 s. A refused
 * clipboard is only logged, without the value (spec 001 §8).
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <IconButton
      size="2xs"
      variant="outline"
      aria-label={copied ? 'Copied!' : label}
      onClick={() =>
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => console.warn('Copy to the clipboard failed'),
        )
      }
    >
      {copied ? <LuCheck /> : <LuCopy />}
    </IconButton>
  );
}

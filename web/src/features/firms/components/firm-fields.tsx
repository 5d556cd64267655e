import { DataList, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { mailtoHref } from '@/config/paths';

export type Entry = [string, ReactNode | undefined];

/** A record's fields, leaving out the ones it does not have. */
export function Details({ entries, label }: { entries: Entry[]; label: string }) {
  const shown = entries.filter(([, value]) => value !== undefined && value !== '');
  if (shown.length === 0) return null;
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label={label}>
      {shown.map(([name, value]) => (
        <DataList.Item key={name} minW="0">
          <DataList.ItemLabel minW={{ base: '110px', sm: '150px' }}>{name}</DataList.ItemLabel>
          {/* A URL or e-mail is one long word: it breaks rather than leave its card (390 px). */}
          <DataList.ItemValue minW="0" overflowWrap="anywhere">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** A site of the firm's, opened in a new tab. */
export function ExternalLink({ href }: { href: string | undefined }) {
  if (!href) return undefined;
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      colorPalette="blue"
      overflowWrap="anywhere"
    >
      {href}
    </Link>
  );
}

export function MailLink({ email }: { email: string | undefined }) {
  if (!email) return undefined;
  return (
    <Link href={mailtoHref(email)} colorPalette="blue" overflowWrap="anywhere">
      {email}
    </Link>
  );
}

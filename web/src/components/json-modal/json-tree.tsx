import { Box, chakra } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

/** Nodes deeper than this start folded, so a large document opens readable. */
const OPEN_DEPTH = 2;

const Toggle = chakra('button');

function scalarText(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  return JSON.stringify(value) ?? String(value);
}

function scalarColor(value: unknown): string {
  if (typeof value === 'string') return 'green.fg';
  if (typeof value === 'number') return 'blue.fg';
  if (typeof value === 'boolean') return 'purple.fg';
  return 'fg.muted';
}

/** Where a child sits, as code would reach it (`rules[0].params`): names each toggle for a screen reader. */
function childPath(path: string | undefined, name: string | undefined, index: number): string {
  if (name === undefined) return `${path ?? ''}[${index}]`;
  return path === undefined ? name : `${path}.${name}`;
}

function Node({
  name,
  path,
  value,
  depth,
  last,
}: {
  name: string | undefined;
  /** Undefined only for the document itself. */
  path: string | undefined;
  value: unknown;
  depth: number;
  last: boolean;
}) {
  const isArray = Array.isArray(value);
  const isObject = value !== null && typeof value === 'object';
  const [open, setOpen] = useState(depth < OPEN_DEPTH);
  const comma = last ? '' : ',';
  const key: ReactNode =
    name === undefined ? null : (
      <chakra.span color="fg">
        {JSON.stringify(name)}
        {': '}
      </chakra.span>
    );

  if (!isObject) {
    return (
      <Box pl={depth === 0 ? 0 : 4}>
        {key}
        <chakra.span color={scalarColor(value)}>{scalarText(value)}</chakra.span>
        {comma}
      </Box>
    );
  }

  const entries: [string | undefined, unknown][] = isArray
    ? (value as unknown[]).map((item) => [undefined, item])
    : Object.entries(value as Record<string, unknown>);
  const [opening, closing] = isArray ? ['[', ']'] : ['{', '}'];
  const size = `${entries.length} ${isArray ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}`;

  return (
    <Box pl={depth === 0 ? 0 : 4}>
      <Toggle
        type="button"
        aria-expanded={open}
        aria-label={`${open ? 'Collapse' : 'Expand'} ${path ?? 'root'}`}
        onClick={() => setOpen(!open)}
        color="fg.muted"
        width="3ch"
        textAlign="start"
        cursor="pointer"
      >
        {open ? '▾' : '▸'}
      </Toggle>
      {key}
      {opening}
      {open ? (
        <>
          {entries.map(([childName, child], index) => (
            <Node
              key={childName ?? index}
              name={childName}
              path={childPath(path, childName, index)}
              value={child}
              depth={depth + 1}
              last={index === entries.length - 1}
            />
          ))}
          {closing}
          {comma}
        </>
      ) : (
        <>
          <chakra.span color="fg.muted"> {size} </chakra.span>
          {closing}
          {comma}
        </>
      )}
    </Box>
  );
}

/** A JSON value as a tree whose objects and arrays fold and unfold (spec 000 §2 'collapsible JSON viewer'). */
export function JsonTree({ value }: { value: unknown }) {
  return <Node name={undefined} path={undefined} value={value} depth={0} last />;
}

import { Box, Button, HStack, Text } from '@chakra-ui/react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { JsonTree } from './json-tree';

/** Spec 000 §9 / 001 §9: the copy confirmation lasts 2 seconds. */
export const COPIED_MS = 2_000;
/** Spec 001 §9: the viewer's default maximum height. */
export const JSON_VIEWER_MAX_HEIGHT = '400px';
/** A keyboard nudge of the dialog (arrow keys on its header). */
const KEY_STEP = 20;

export interface Offset {
  x: number;
  y: number;
}

/**
 * The offset that keeps a box inside the window: `rect` is where the box stands at `current`; the
 * result moves it by at most what is needed so no edge leaves the viewport (a box larger than the
 * window keeps its top-left corner visible).
 */
export function clampOffset(
  wanted: Offset,
  current: Offset,
  rect: { left: number; top: number; width: number; height: number },
  viewport: { width: number; height: number },
): Offset {
  const baseLeft = rect.left - current.x;
  const baseTop = rect.top - current.y;
  const clamp = (value: number, base: number, size: number, room: number) => {
    const min = -base;
    const max = Math.max(min, room - size - base);
    return Math.min(max, Math.max(min, value));
  };
  return {
    x: clamp(wanted.x, baseLeft, rect.width, viewport.width),
    y: clamp(wanted.y, baseTop, rect.height, viewport.height),
  };
}

/**
 * A read-only view of a JSON value (spec 000 §2, §9; spec 001 §2.9, §2.11, §9): at least 500×500
 * (where the window allows), draggable by its header and kept inside the window, a collapsible tree
 * viewer at most 400 px high, a copy button that reads 'Copied!' for 2 seconds, and Close; the X
 * and a click on the backdrop close it too. `loading` shows 'Loading...' until the value arrives.
 */
export function JsonModal({
  open,
  title,
  value,
  onClose,
  loading = false,
  copyLabel = 'Copy JSON',
  children,
}: {
  open: boolean;
  title: string;
  value: unknown;
  onClose: () => void;
  loading?: boolean;
  copyLabel?: string;
  /** Shown above the JSON viewer (a record's key fields). */
  children?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const [viewerOpen, setViewerOpen] = useState(true);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const contentRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerX: number; pointerY: number; start: Offset } | null>(null);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  // Each opening starts centred (state adjusted while rendering, not in an effect).
  const [shownOpen, setShownOpen] = useState(open);
  if (shownOpen !== open) {
    setShownOpen(open);
    if (!open) setOffset({ x: 0, y: 0 });
  }

  const moveTo = useCallback((wanted: Offset, current: Offset) => {
    const element = contentRef.current;
    if (element === null) return;
    const rect = element.getBoundingClientRect();
    setOffset(
      clampOffset(wanted, current, rect, { width: window.innerWidth, height: window.innerHeight }),
    );
  }, []);

  // A smaller window must not leave the dialog outside it.
  useEffect(() => {
    if (!open) return undefined;
    const keepInside = () =>
      setOffset((current) => {
        const element = contentRef.current;
        if (element === null) return current;
        return clampOffset(current, current, element.getBoundingClientRect(), {
          width: window.innerWidth,
          height: window.innerHeight,
        });
      });
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, [open]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, start: offset };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start === null) return;
    moveTo(
      {
        x: start.start.x + event.clientX - start.pointerX,
        y: start.start.y + event.clientY - start.pointerY,
      },
      offset,
    );
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, Offset> = {
      ArrowLeft: { x: -KEY_STEP, y: 0 },
      ArrowRight: { x: KEY_STEP, y: 0 },
      ArrowUp: { x: 0, y: -KEY_STEP },
      ArrowDown: { x: 0, y: KEY_STEP },
    };
    const move = moves[event.key];
    if (move === undefined || event.target !== event.currentTarget) return;
    event.preventDefault();
    moveTo({ x: offset.x + move.x, y: offset.y + move.y }, offset);
  };

  const text = loading ? '' : (JSON.stringify(value, null, 2) ?? 'undefined');
  const copy = () => {
    // Clipboard failures are only logged (spec 000 §8, 001 §8).
    navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      (error: unknown) => console.warn('Copy JSON failed', error),
    );
  };

  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      scrollBehavior="inside"
      contentRef={contentRef}
      contentProps={{
        minW: 'min(500px, 95vw)',
        minH: 'min(500px, 90vh)',
        maxW: '4xl',
        style: { transform: `translate(${offset.x}px, ${offset.y}px)` },
      }}
      headerProps={{
        cursor: 'move',
        userSelect: 'none',
        tabIndex: 0,
        'aria-label': `${title}: drag or use the arrow keys to move the dialog`,
        onPointerDown,
        onPointerMove,
        onPointerUp,
        onPointerCancel: onPointerUp,
        onKeyDown,
        pe: '12',
      }}
      title={title}
      closeLabel="Close dialog"
      footer={
        <>
          <Button variant="outline" onClick={copy} disabled={loading}>
            {copied ? 'Copied!' : copyLabel}
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {loading ? (
        <Text color="fg.muted" role="status">
          Loading...
        </Text>
      ) : (
        <>
          {children}
          <HStack mb="2">
            <Button
              size="xs"
              variant="ghost"
              aria-expanded={viewerOpen}
              onClick={() => setViewerOpen(!viewerOpen)}
            >
              {viewerOpen ? <LuChevronDown /> : <LuChevronRight />}
              {viewerOpen ? 'Hide JSON' : 'Show JSON'}
            </Button>
          </HStack>
          {viewerOpen && (
            <Box
              aria-label={`${title} content`}
              role="region"
              fontFamily="mono"
              fontSize="xs"
              bg="bg.muted"
              p="3"
              rounded="md"
              maxH={JSON_VIEWER_MAX_HEIGHT}
              overflow="auto"
              whiteSpace="pre"
            >
              <JsonTree value={value} />
            </Box>
          )}
        </>
      )}
    </DialogFrame>
  );
}

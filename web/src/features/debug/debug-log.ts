import { useCallback, useState } from 'react';

/** Spec 001 §9: the debug log keeps at most 50 entries. */
export const DEBUG_LOG_LIMIT = 50;
/** Spec 001 §9: the sync check after a login runs 1500 ms later. */
export const POST_LOGIN_CHECK_MS = 1500;

export type LogLevel = 'info' | 'success' | 'warning' | 'error';

export interface LogEntry {
  id: number;
  time: Date;
  level: LogLevel;
  message: string;
}

let nextId = 1;

/** The console's log: newest first, capped at 50. */
export function useDebugLog() {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const add = useCallback((level: LogLevel, message: string) => {
    const entry = { id: nextId++, time: new Date(), level, message };
    setEntries((list) => [entry, ...list].slice(0, DEBUG_LOG_LIMIT));
  }, []);
  const clear = useCallback(() => setEntries([]), []);
  return { entries, add, clear };
}
